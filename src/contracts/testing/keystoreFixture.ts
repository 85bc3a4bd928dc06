/** Test-only: an encrypted keystore and what it holds. */

/**
 * An scrypt keystore written by another implementation (ox's `Keystore.encrypt`, wevm) with geth's
 * "light" cost (n = 4096, r = 8, p = 6), password "correct horse battery staple".
 */
export const scryptFixture = {
  crypto: {
    cipher: 'aes-128-ctr',
    ciphertext: '8be323fb7d0d0ea8de8aaa59ba6edc62f07fbbee5910e1d89ef6a5459712c2c1',
    cipherparams: { iv: 'b8628a893a104bb43253b1e3b0593331' },
    kdf: 'scrypt',
    kdfparams: { dklen: 32, n: 4096, p: 6, r: 8, salt: 'f195206eeb4ef29e5a370deaec96abe36e42c5d025d5b6e517e1702d936bb7bd' },
    mac: 'd87f641e4ff40eb8f54329e87404a8c0f739ad08842d445582f7bd9b7d124daf',
  },
  id: '39b92c83-de5b-4edc-aadf-8810a1ba9451',
  version: 3,
}
/** keccak256("switchyard keystore test deployer"): the key in {@link scryptFixture}. */
export const scryptFixtureKey: `0x${string}` = '0x288b56b4f2ed51bbf378c994ea05fb758b0190f4d5c5f356a7e5e854476ece52'
/** The password of {@link scryptFixture}. */
export const scryptFixturePassword = 'correct horse battery staple'
