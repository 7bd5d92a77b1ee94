/**
 * The sandbox profile a workflow test runs against. jest runs the workflow tests once per profile
 * (the `observed` and `spec` projects of jest.config.js), each setting PAY_SANDBOX_PROFILE, so the
 * node is proven against the live service's shapes and against the spec's.
 */
import { isSandboxProfile } from '../../sandbox';
import type { SandboxProfile } from '../../sandbox';

export function profileUnderTest(): SandboxProfile {
	const given = process.env.PAY_SANDBOX_PROFILE;
	if (given === undefined || given === '') return 'observed';
	if (!isSandboxProfile(given))
		throw new Error(`PAY_SANDBOX_PROFILE="${given}" is no sandbox profile`);
	return given;
}
