import { CONTRACT_VERSION } from '@kagami/shared/contract';

export const contractVersion = CONTRACT_VERSION;
