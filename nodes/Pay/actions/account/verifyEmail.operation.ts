import { verifyOperation } from './verifyChannel';

export const verifyEmail = verifyOperation('email');
