/** Email and phone verification through codes: the precondition for sending balance. */
import { randomInt } from 'crypto';

import { badRequest } from '../http';
import type { Account } from '../model';
import { optionalBoolean } from '../validate';
import { caller } from './route';
import type { Route, RouteContext } from './route';

export const verificationRoutes: Route[] = [
	{
		method: 'POST',
		pattern: '/request_confirmation/',
		auth: 'bearer',
		handle(context) {
			const account = caller(context);
			const phone = optionalBoolean(context.request.body, 'phone', false);
			const email = optionalBoolean(context.request.body, 'email', false);
			if (!phone && !email) throw badRequest('Indique phone o email en true para enviar un código');
			if (phone) account.pendingCodes.phone = randomInt(100000, 1000000);
			if (email) account.pendingCodes.email = randomInt(100000, 1000000);
			return { body: { result: 'OK' } };
		},
	},
	{
		method: 'POST',
		pattern: '/verify_email/',
		auth: 'bearer',
		handle: (context) => verify(context, 'email'),
	},
	{
		method: 'POST',
		pattern: '/verify_phone/',
		auth: 'bearer',
		handle: (context) => verify(context, 'phone'),
	},
];

function verify(context: RouteContext, channel: 'email' | 'phone') {
	const account: Account = caller(context);
	const code = context.request.body.code;
	if (code === undefined || code === null) throw badRequest('code: This field is required.');
	// The spec types the code as an integer: a text "123456" is a client bug the service refuses.
	if (typeof code !== 'number' || !Number.isInteger(code))
		throw badRequest('code: A valid integer is required.');
	const pending = account.pendingCodes[channel];
	if (pending === undefined)
		throw badRequest(
			`No hay un código pendiente para ${channel}; solicítelo con /request_confirmation/`,
		);
	if (code !== pending) throw badRequest('Código incorrecto');
	account.pendingCodes[channel] = undefined;
	if (channel === 'email') account.emailVerified = true;
	else account.phoneVerified = true;
	return { body: { result: 'OK' } };
}
