/** Secrets for property tests: a key, a token, a made-up callback secret; odd characters too. */
import fc from 'fast-check';

/** Characters a key, a token or a made-up callback secret may hold, the awkward ones included. */
const secretCharacter = fc.oneof(
	{ weight: 6, arbitrary: fc.constantFrom(...'abcxyzABCXYZ0189'.split('')) },
	{ weight: 3, arbitrary: fc.constantFrom(...' &<>"\'/\\+%=?#;:-_.~!*()[]{}'.split('')) },
	{ weight: 1, arbitrary: fc.constantFrom('é', 'ñ', 'Ω', '€', '😀', '\u00a0', '\n') },
);
export const secret = fc
	.array(secretCharacter, { minLength: 8, maxLength: 40 })
	.map((characters) => characters.join(''));
