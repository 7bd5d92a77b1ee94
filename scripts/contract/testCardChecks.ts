/**
 * With `--create`: the test card registered (encrypted as the node does), listed, and deleted
 * again. Delete is sent as real clients send it (`GET ?tc_id=`), then as the spec shows it
 * (`DELETE`) when the service answers 405, as the node's Card → Delete does.
 */
import { cardView } from '../../nodes/Pay/actions/card/cardView';
import type { CallResult, Session } from './checkCall';
import { checkCall, skipped } from './checkCall';
import { CARD_DELETION, CARD_LIST, CARD_REGISTRATION } from './expected/cardAnswers';
import { cardListReading, cardRegistrationReading, keptAsItComes } from './nodeReadings';
import { testCardRegistration } from './testCard';

const METHOD_NOT_ALLOWED = 405;

export async function testCardChecks(session: Session, publicKey: unknown): Promise<CallResult[]> {
	const register = { name: 'Register the test card', route: 'POST /register_tc/' };
	const body = testCardRegistration(publicKey);
	if (!body) return [skipped(register, "the service's public key could not be read")];
	const registered = await checkCall(session, {
		...register,
		request: { method: 'POST', path: '/register_tc/', body },
		expected: CARD_REGISTRATION,
		nodeReading: cardRegistrationReading,
	});
	const listed = await checkCall(session, {
		name: 'List cards',
		route: 'GET /list_tc/',
		request: { method: 'GET', path: '/list_tc/' },
		expected: CARD_LIST,
		nodeReading: cardListReading,
	});
	const uuid = registered.value === undefined ? null : cardView(registered.value).card_uuid;
	const deletion = { name: 'Delete the test card', route: 'GET /delete_tc/?tc_id={card}' };
	if (typeof uuid !== 'string')
		return [registered.result, listed.result, skipped(deletion, 'no card id')];
	const byGet = await checkCall(session, {
		...deletion,
		request: { method: 'GET', path: `/delete_tc/?tc_id=${encodeURIComponent(uuid)}` },
		expected: CARD_DELETION,
		nodeReading: keptAsItComes,
	});
	if (byGet.result.status !== METHOD_NOT_ALLOWED)
		return [registered.result, listed.result, byGet.result];
	const byDelete = await checkCall(session, {
		name: 'Delete the test card',
		route: 'DELETE /delete_tc/',
		request: { method: 'DELETE', path: '/delete_tc/', body: { card_uuid: uuid } },
		expected: CARD_DELETION,
		nodeReading: keptAsItComes,
	});
	const note = 'GET answered 405 (method not allowed): sent as DELETE, as the spec shows it';
	return [registered.result, listed.result, { ...byDelete.result, note }];
}
