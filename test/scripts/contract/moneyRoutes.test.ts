/**
 * The contract check's guard: whatever a call list says, a request that moves money never leaves.
 * The wire refuses it before any connection (the address here answers nothing).
 */
import { MovesMoneyError, refuseMoneyMovement } from '../../../scripts/contract/moneyRoutes';
import { send } from '../../../scripts/contract/wire';

const NOWHERE = 'http://127.0.0.1:9';

test.each([
	['POST', '/send/', { to_user: '3109876543', amount: 1000 }],
	['POST', '/withdraw/co/', { amount: 1000 }],
	['POST', '/tc_payment/', { tc_id: 'x' }],
	['POST', '/pay/confirm_daviplata/', { URL: 'abc123', OTP: '123456' }],
	['POST', '/abc123', { payment: 'credit_card' }],
	['POST', '/abc123', { payment: 'pse', cc: '7777777' }],
] as const)('%s %s is refused before it is sent', async (method, path, body) => {
	expect(() => refuseMoneyMovement(method, path, body)).toThrow(MovesMoneyError);
	await expect(send(NOWHERE, { method, path, body }, {})).rejects.toThrow(MovesMoneyError);
});

test.each([
	['GET', '/send/'],
	['POST', '/pay/'],
	['POST', '/abc123'],
	['GET', '/delete_tc/?tc_id=x'],
] as const)('%s %s goes', (method, path) => {
	expect(() => refuseMoneyMovement(method, path, { payment: 'breb' })).not.toThrow();
});
