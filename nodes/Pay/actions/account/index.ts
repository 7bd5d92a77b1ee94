import type { PayResource } from '../types';
import { requestVerificationCodes } from './requestCodes';
import { verifyEmail, verifyPhone } from './verify';

export const accountResource: PayResource = {
	value: 'account',
	name: 'Account',
	description: 'Verify the account\'s email and phone, which sending balance requires',
	defaultOperation: 'requestCodes',
	operations: [requestVerificationCodes, verifyEmail, verifyPhone],
};
