/**
 * Every route of the sandbox, matched in order: the catch-all checkout route
 * `POST /{url}` comes last.
 */
import { cardRoutes } from './cards';
import { checkoutRoutes } from './checkout';
import { controlRoutes } from './control';
import { paymentRoutes } from './payments';
import type { Route } from './route';
import { tokenRoutes } from './tokens';
import { transferRoutes } from './transfers';
import { verificationRoutes } from './verification';
import { withdrawalRoutes } from './withdrawals';

export const ROUTES: Route[] = [
	...controlRoutes,
	...tokenRoutes,
	...paymentRoutes,
	...transferRoutes,
	...verificationRoutes,
	...withdrawalRoutes,
	...cardRoutes,
	...checkoutRoutes,
];

export interface RouteMatch {
	route: Route;
	params: Record<string, string>;
}

/** The route for a method and path; `methodMismatch` when the path exists with another method. */
export function matchRoute(
	method: string,
	path: string,
): RouteMatch | { methodMismatch: true } | undefined {
	let pathMatched = false;
	for (const route of ROUTES) {
		const params = matchPattern(route.pattern, path);
		if (!params) continue;
		if (route.method === method) return { route, params };
		pathMatched = true;
	}
	return pathMatched ? { methodMismatch: true } : undefined;
}

function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
	const wanted = pattern.split('/');
	const given = path.split('/');
	if (wanted.length !== given.length) return undefined;
	const params: Record<string, string> = {};
	for (let index = 0; index < wanted.length; index++) {
		const name = /^\{(\w+)\}$/.exec(wanted[index])?.[1];
		if (name) {
			if (given[index] === '' || given[index].startsWith('_')) return undefined;
			params[name] = decodedSegment(given[index]);
		} else if (wanted[index] !== given[index]) {
			return undefined;
		}
	}
	return params;
}

/**
 * A path segment decoded; one with broken percent-encoding is kept as sent, so the route
 * answers "not found" for it.
 */
function decodedSegment(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}
