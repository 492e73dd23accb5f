import { whenOnline } from '../../../lib/network';

/**
 * The pan-validation call's contract (its replies' schemas, built with Zod's classic API, which the
 * form does not otherwise need), downloaded with the first call rather than with the page; offline,
 * the call waits for the network as every call does.
 */
export const panValidationContract = () => whenOnline().then(() => import('@ekyc/contracts/calls/pan-validation'));
