import { isPromptRow, readBankCatalog } from '../../../../nodes/Pay/helpers/banks';

describe('bank catalog', () => {
	it('reads the bank catalog and spots the prompt row', () => {
		const banks = readBankCatalog([
			{ bankCode: '0', bankName: 'Seleccione' },
			{ bankCode: 1007, name: 'BANCOLOMBIA' },
			{ nothing: true },
		]);
		expect(banks.map((bank) => [bank.code, bank.name, isPromptRow(bank)])).toEqual([
			['0', 'Seleccione', true],
			['1007', 'BANCOLOMBIA', false],
		]);
	});
});
