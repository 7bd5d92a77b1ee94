/**
 * What the service is asked about a lost answer is the operation's to say (`check` of its request):
 * askTheService (askBeforeUnknown.ts) asks the check it is given, whatever payment it is about, and
 * knows no kind of payment itself. The two checks the package has ask what they always asked.
 */
import type { IDataObject } from 'n8n-workflow';

import { askTheService } from '../../../../nodes/shared/transport/request/askBeforeUnknown';
import type {
	ServiceCheck,
	ServiceRead,
} from '../../../../nodes/shared/transport/terms/serviceCheck';
import { paymentObjectShows } from '../../../../nodes/Pay/actions/paymentObjectCheck';
import { transferListShows } from '../../../../nodes/Pay/actions/transfer/transferListCheck';

/** The service as a fake: what each path answers, and every path read. */
function serviceShowing(answers: Record<string, unknown>): ServiceRead & { paths: string[] } {
	const paths: string[] = [];
	const answer = async (path: string) => {
		paths.push(path);
		if (!(path in answers)) throw new Error(`${path} answered 503`);
		return answers[path];
	};
	return {
		paths,
		one: answer,
		list: async (path) => (await answer(path)) as unknown[],
	};
}

const CLAIMED_AT = Date.parse('2026-03-01T10:00:00Z');

describe('askTheService', () => {
	it("asks the check the operation gave, one it has never heard of (a refund's) too", async () => {
		const record: IDataObject = { id: 'rf-9', state: 'done' };
		const refundCheck: ServiceCheck = {
			ask: async (read, claimedAt) => ({
				shown: true,
				resolvedBy: `GET /refund/rf-9 after ${claimedAt}`,
				field: 'refund',
				record: (await read.one('/refund/rf-9')) as IDataObject,
			}),
		};
		const service = serviceShowing({ '/refund/rf-9': record });
		await expect(askTheService(service, refundCheck, CLAIMED_AT)).resolves.toEqual({
			shown: true,
			resolvedBy: `GET /refund/rf-9 after ${CLAIMED_AT}`,
			field: 'refund',
			record,
		});
		expect(service.paths).toEqual(['/refund/rf-9']);
	});

	it('answers "not shown" when the check cannot read the service', async () => {
		const refundCheck: ServiceCheck = {
			ask: async (read) => (await read.one('/refund/x')) as never,
		};
		await expect(askTheService(serviceShowing({}), refundCheck, CLAIMED_AT)).resolves.toEqual({
			shown: false,
			why: 'the service could not be read (/refund/x answered 503)',
		});
	});
});

describe('the checks of the package', () => {
	it('a transfer: the one transfer to the recipient, for the amount, after the claim', async () => {
		const transfer = { to_user: '+57 300 123 4567', amount: '1500', date: '2026-03-01T10:00:01Z' };
		const older = { ...transfer, date: '2026-03-01T09:59:00Z' };
		const service = serviceShowing({ '/send/': [older, transfer] });
		await expect(
			askTheService(
				service,
				{
					ask: async (read, at) =>
						await transferListShows(read, at, { recipient: '3001234567', amount: 1500 }),
				},
				CLAIMED_AT,
			),
		).resolves.toEqual({
			shown: true,
			resolvedBy: 'GET /send/',
			field: 'transfer',
			record: { ...transfer, amount: 1500, date: '2026-03-01T10:00:01.000Z' },
		});
		expect(service.paths).toEqual(['/send/']);
	});

	it('a payment of a link: the payment object, counted when paid', async () => {
		const service = serviceShowing({
			'/pay_detail/inv%201': { url: 'inv 1', state: 3 },
			'/pay_detail/inv-2': { url: 'inv-2', state: 1 },
		});
		const paid = await askTheService(
			service,
			{ ask: async (read) => await paymentObjectShows(read, 'inv 1') },
			CLAIMED_AT,
		);
		expect(paid).toMatchObject({
			shown: true,
			resolvedBy: 'GET /pay_detail/inv 1',
			field: 'payment',
			record: { state: 3 },
		});
		const open = await askTheService(
			service,
			{ ask: async (read) => await paymentObjectShows(read, 'inv-2') },
			CLAIMED_AT,
		);
		expect(open).toMatchObject({ shown: false });
		expect(service.paths).toEqual(['/pay_detail/inv%201', '/pay_detail/inv-2']);
	});
});
