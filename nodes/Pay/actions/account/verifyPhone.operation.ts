import { verifyOperation } from './verifyChannel';

export const verifyPhone = verifyOperation('phone');
