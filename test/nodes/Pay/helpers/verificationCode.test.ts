import fc from 'fast-check';

import { readVerificationCode } from '../../../../nodes/Pay/helpers/verificationCode';
import { payNode } from '../../../harness/payNode';

const node = payNode();

describe('verification code', () => {
	it('turns 4 to 8 typed digits into the integer and refuses anything else', () => {
		fc.assert(
			fc.property(fc.stringMatching(/^\d{4,8}$/), (digits) => {
				expect(readVerificationCode(node, 0, 'Code', ` ${digits} `)).toBe(Number(digits));
			}),
		);
		for (const bad of ['', '123', '123456789', '12a4', '12.34']) {
			expect(() => readVerificationCode(node, 0, 'Code', bad)).toThrow(/^Code: /);
		}
	});
});
