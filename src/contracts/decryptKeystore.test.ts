import { describe, expect, test } from 'vitest'
import { decryptKeystore } from './decryptKeystore.js'
import { scryptFixture, scryptFixtureKey, scryptFixturePassword } from './testing/keystoreFixture.js'

/** The PBKDF2 test vector of the Web3 Secret Storage definition (password "testpassword"). */
const pbkdf2Vector = {
  crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: '6087dab2f9fdbbfaddc31a909735c1e6' },
    ciphertext: '5318b4d5bcd28de64ee5559e671353e16f075ecae9f99c7a79a38af5f869aa46',
    kdf: 'pbkdf2',
    kdfparams: { c: 262144, dklen: 32, prf: 'hmac-sha256', salt: 'ae3cd4e7013836a3df6bd7241b12db061dbe2c6785853cce422d148a624ce0bd' },
    mac: '517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2',
  },
  id: '3198bc9c-6672-5ab3-d995-4942343ae5b6',
  version: 3,
}


describe('decryptKeystore', () => {
  test('the Web3 Secret Storage PBKDF2 vector', async () => {
    await expect(decryptKeystore(pbkdf2Vector, { password: 'testpassword' })).resolves.toBe('0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d')
  })

  test('an scrypt keystore written by another implementation', async () => {
    await expect(decryptKeystore(scryptFixture, { password: scryptFixturePassword })).resolves.toBe(scryptFixtureKey)
    // Old geth files spell the section `Crypto`.
    const { crypto, ...rest } = scryptFixture
    await expect(decryptKeystore({ ...rest, Crypto: crypto }, { password: scryptFixturePassword })).resolves.toBe(scryptFixtureKey)
  })

  test('a wrong password fails the MAC check and names neither password', async () => {
    const error = await decryptKeystore(scryptFixture, { password: 'hunter2' }).catch((e: Error) => e)
    expect(error).toMatchObject({ name: 'KeystoreError', code: 'KEYSTORE_INVALID' })
    expect((error as Error).message).not.toContain('hunter2')
    expect((error as Error).message).not.toContain(scryptFixturePassword)
    expect((error as Error).message).toMatchInlineSnapshot(`
      "Could not decrypt the keystore: the password does not match (MAC check failed).

      Is it the password of this keystore? A password file is read up to its first line break."
    `)
  })

  test.each([
    ['version 1', { ...scryptFixture, version: 1 }, 'version 1 is not supported (version 3 is)'],
    ['another cipher', { ...scryptFixture, crypto: { ...scryptFixture.crypto, cipher: 'aes-128-cbc' } }, 'cipher aes-128-cbc is not supported (aes-128-ctr is)'],
    ['another kdf', { ...scryptFixture, crypto: { ...scryptFixture.crypto, kdf: 'argon2' } }, 'kdf argon2 is not supported (scrypt and pbkdf2 are)'],
    ['n not a power of two', { ...scryptFixture, crypto: { ...scryptFixture.crypto, kdfparams: { ...scryptFixture.crypto.kdfparams, n: 1000 } } }, 'kdfparams n, r, p are not valid scrypt parameters (n a power of two)'],
    ['scrypt past 1 GiB', { ...scryptFixture, crypto: { ...scryptFixture.crypto, kdfparams: { ...scryptFixture.crypto.kdfparams, n: 2 ** 20 } } }, 'scrypt would need 1025 MiB (at most 1024)'],
    ['pbkdf2 with another prf', { ...pbkdf2Vector, crypto: { ...pbkdf2Vector.crypto, kdfparams: { ...pbkdf2Vector.crypto.kdfparams, prf: 'hmac-sha1' } } }, 'kdfparams.prf hmac-sha1 is not supported (hmac-sha256 is)'],
    ['a short iv', { ...scryptFixture, crypto: { ...scryptFixture.crypto, cipherparams: { iv: 'abcd' } } }, 'cipherparams.iv is not 16 bytes of hex'],
    ['not an object', 'keystore', 'version undefined is not supported (version 3 is)'],
  ])('%s is refused', async (_name, keystore, reason) => {
    await expect(decryptKeystore(keystore, { password: 'x' })).rejects.toMatchObject({ name: 'KeystoreError', shortMessage: `Could not decrypt the keystore: ${reason}.` })
  })
})
