/** The live bank list of the PSE checkout's "Bank" field, through n8n-core's LoadOptionsContext. */
import type { Sandbox } from '../../../../../sandbox';
import { searchList } from '../../../../harness/listSearch';
import { useSandboxPerFile } from '../../../../harness/sandboxPerFile';

let sandbox: Sandbox;

useSandboxPerFile((started) => (sandbox = started));

async function searchBanks(filter?: string) {
	return await searchList(sandbox, {
		method: 'searchBanks',
		field: 'bank',
		parameters: { resource: 'checkout', operation: 'payWithPse' },
		typeVersion: 1,
		filter,
	});
}

describe('Bank field: live list', () => {
	it("lists the catalog's banks by name with their codes, without the prompt row", async () => {
		const { results } = await searchBanks();
		expect(results.length).toBeGreaterThan(3);
		expect(results).toContainEqual({ name: 'BANCOLOMBIA', value: '1007' });
		expect(results.some((bank) => bank.value === '0')).toBe(false);
	});

	it('filters by what the user types, in name or code', async () => {
		expect((await searchBanks('davi')).results).toEqual([
			{ name: 'BANCO DAVIVIENDA', value: '1051' },
		]);
		expect((await searchBanks('1507')).results).toEqual([{ name: 'NEQUI', value: '1507' }]);
	});
});
