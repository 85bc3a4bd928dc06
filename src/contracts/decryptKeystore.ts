import { createDecipheriv, pbkdf2, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import { bytesToHex, concat, hexToBytes, keccak256, type Hex } from 'viem'
import { KeystoreError } from '../errors/setup.js'

/** Parameters of {@link decryptKeystore}. */
export type DecryptKeystoreParameters = {
  /** The keystore's password (UTF-8, as geth reads it). */
  password: string
}

/** The private key the keystore holds. */
export type DecryptKeystoreReturnType = Hex

export type DecryptKeystoreErrorType = KeystoreError

type KdfParams = { dklen?: number; salt?: string; n?: number; r?: number; p?: number; c?: number; prf?: string }
type Keystore = {
  version?: number
  crypto?: { cipher?: string; ciphertext?: string; cipherparams?: { iv?: string }; kdf?: string; kdfparams?: KdfParams; mac?: string }
}

const scryptAsync = promisify(scrypt) as (password: Buffer, salt: Buffer, keylen: number, options: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>
const pbkdf2Async = promisify(pbkdf2)

/** Most memory scrypt may take: geth's standard keystores need 256 MiB (n = 2^18, r = 8). */
const MAX_SCRYPT_MEMORY = 1024 * 1024 * 1024
/** Most PBKDF2 rounds accepted, so a hostile file cannot make the command spin for hours. */
const MAX_PBKDF2_ROUNDS = 10_000_000

const hex = (value: unknown, field: string, bytes?: number): Buffer => {
  const text = typeof value === 'string' ? value.replace(/^0x/, '') : ''
  if (!/^([0-9a-fA-F]{2})+$/.test(text) || (bytes !== undefined && text.length !== bytes * 2)) {
    throw new KeystoreError({ reason: `${field} is not ${bytes ? `${bytes} bytes of ` : ''}hex` })
  }
  return Buffer.from(text, 'hex')
}

async function deriveKey(crypto: NonNullable<Keystore['crypto']>, password: Buffer): Promise<Buffer> {
  const params = crypto.kdfparams ?? {}
  const dklen = params.dklen ?? 32
  if (!Number.isInteger(dklen) || dklen < 32 || dklen > 64) throw new KeystoreError({ reason: `kdfparams.dklen ${String(params.dklen)} is not 32–64` })
  const salt = hex(params.salt, 'kdfparams.salt')
  if (crypto.kdf === 'scrypt') {
    const { n, r, p } = params
    if (!Number.isInteger(n) || !Number.isInteger(r) || !Number.isInteger(p) || n! < 2 || (n! & (n! - 1)) !== 0 || r! < 1 || p! < 1) {
      throw new KeystoreError({ reason: 'kdfparams n, r, p are not valid scrypt parameters (n a power of two)' })
    }
    const memory = 128 * n! * r! + 1024 * 1024
    if (memory > MAX_SCRYPT_MEMORY) throw new KeystoreError({ reason: `scrypt would need ${Math.ceil(memory / 2 ** 20)} MiB (at most ${MAX_SCRYPT_MEMORY / 2 ** 20})` })
    try {
      return await scryptAsync(password, salt, dklen, { N: n!, r: r!, p: p!, maxmem: MAX_SCRYPT_MEMORY })
    } catch (cause) {
      throw new KeystoreError({ reason: `scrypt refused the parameters (${(cause as Error).message})` })
    }
  }
  if (crypto.kdf === 'pbkdf2') {
    if (params.prf !== 'hmac-sha256') throw new KeystoreError({ reason: `kdfparams.prf ${String(params.prf)} is not supported (hmac-sha256 is)` })
    const c = params.c
    if (!Number.isInteger(c) || c! < 1 || c! > MAX_PBKDF2_ROUNDS) throw new KeystoreError({ reason: `kdfparams.c ${String(c)} is not 1–${MAX_PBKDF2_ROUNDS}` })
    return pbkdf2Async(password, salt, c!, dklen, 'sha256')
  }
  throw new KeystoreError({ reason: `kdf ${String(crypto.kdf)} is not supported (scrypt and pbkdf2 are)` })
}

/**
 * Decrypts an encrypted JSON keystore (Web3 Secret Storage, version 3: what geth, reth's and
 * Foundry's `cast wallet`, Clef and ethers write) with node:crypto: the key is derived from the
 * password with scrypt or PBKDF2-HMAC-SHA256, checked against the keystore's MAC
 * (keccak256(derivedKey[16..32] ++ ciphertext)), then the ciphertext is decrypted with AES-128-CTR
 * under derivedKey[0..16].
 *
 * @example
 * const key = await decryptKeystore(JSON.parse(readFileSync(file, 'utf8')), { password })
 * const account = privateKeyToAccount(key)
 *
 * @param keystore - the parsed keystore JSON
 * @param params - {@link DecryptKeystoreParameters}
 * @returns {@link DecryptKeystoreReturnType}
 * @throws {@link DecryptKeystoreErrorType} for another version, kdf or cipher, malformed fields, or a wrong password
 */
export async function decryptKeystore(keystore: unknown, { password }: DecryptKeystoreParameters): Promise<DecryptKeystoreReturnType> {
  const file = (typeof keystore === 'object' && keystore !== null ? keystore : {}) as Keystore & { Crypto?: Keystore['crypto'] }
  if (file.version !== 3) throw new KeystoreError({ reason: `version ${String(file.version)} is not supported (version 3 is)` })
  // Version 3 files written by old geth releases spell it `Crypto`.
  const crypto = file.crypto ?? file.Crypto
  if (!crypto) throw new KeystoreError({ reason: 'no crypto section' })
  if (crypto.cipher !== 'aes-128-ctr') throw new KeystoreError({ reason: `cipher ${String(crypto.cipher)} is not supported (aes-128-ctr is)` })
  const ciphertext = hex(crypto.ciphertext, 'ciphertext')
  const iv = hex(crypto.cipherparams?.iv, 'cipherparams.iv', 16)
  const mac = hex(crypto.mac, 'mac', 32)
  const derived = await deriveKey(crypto, Buffer.from(password, 'utf8'))
  const expected = hexToBytes(keccak256(concat([bytesToHex(derived.subarray(16, 32)), bytesToHex(ciphertext)])))
  if (!timingSafeEqual(expected, mac)) {
    throw new KeystoreError({ reason: 'the password does not match (MAC check failed)', metaMessages: ['Is it the password of this keystore? A password file is read up to its first line break.'] })
  }
  const decipher = createDecipheriv('aes-128-ctr', derived.subarray(0, 16), iv)
  const key = Buffer.concat([decipher.update(ciphertext), decipher.final()])
  if (key.length !== 32) throw new KeystoreError({ reason: `the key is ${key.length} bytes, not 32` })
  return bytesToHex(key)
}
