/** The two readings of the service: which one a sandbox answers with, and how a user picks it. */
import { startSandbox } from '../../sandbox';
import { profileFromArguments } from '../../sandbox/cli';

describe('sandbox profiles', () => {
	it('answers as the live service by default, and with the spec when asked', async () => {
		const observed = await startSandbox({ port: 0 });
		const spec = await startSandbox({ port: 0, profile: 'spec' });
		try {
			expect(observed.profile).toBe('observed');
			expect(spec.profile).toBe('spec');
		} finally {
			await Promise.all([observed.close(), spec.close()]);
		}
	});

	it('takes the profile from --profile or PAY_SANDBOX_PROFILE, and names the choices for another word', () => {
		expect(profileFromArguments([], {})).toBe('observed');
		expect(profileFromArguments(['--profile', 'spec'], {})).toBe('spec');
		expect(profileFromArguments([], { PAY_SANDBOX_PROFILE: 'spec' })).toBe('spec');
		expect(profileFromArguments(['--profile', 'observed'], { PAY_SANDBOX_PROFILE: 'spec' })).toBe(
			'observed',
		);
		expect(() => profileFromArguments(['--profile', 'live'], {})).toThrow(
			'Unknown profile "live": use one of observed, spec.',
		);
	});
});
