import type { PayResource } from '../types';
import { requestVerificationCodes } from './requestCodes.operation';
import { verifyEmail } from './verifyEmail.operation';
import { verifyPhone } from './verifyPhone.operation';

export const accountResource: PayResource = {
	value: 'account',
	name: 'Account',
	description: "Verify the account's email and phone, which sending balance requires",
	defaultOperation: 'requestCodes',
	operations: [requestVerificationCodes, verifyEmail, verifyPhone],
};
