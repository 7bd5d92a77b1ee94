/** `POST /token/refresh/`: a refresh token and the API key give a short-lived access token. */
import { ServiceError } from '../http';
import type { Route } from './route';
import { caller } from './route';

export const tokenRoutes: Route[] = [
	{
		method: 'POST',
		pattern: '/token/refresh/',
		auth: 'apiKey',
		handle(context) {
			const account = caller(context);
			const refresh = context.request.body.refresh;
			if (typeof refresh !== 'string' || refresh === '')
				throw new ServiceError(400, 'refresh: This field is required.');
			if (refresh !== account.refreshToken)
				throw new ServiceError(401, 'Token is invalid or expired');
			return { body: { access: context.state.issueAccessToken(account.username) } };
		},
	},
];
