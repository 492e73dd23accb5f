/** The ports whose calls are recorded (recorder.ts), wrapped once where the providers are chosen. */
import type { BankProviders } from '../bank-verification/bank-providers.ts';
import type { DigilockerClient } from '../digilocker/port.ts';
import type { EsignService } from '../esign/port.ts';
import type { KraLookup } from '../kra/port.ts';
import type { LivenessProvider } from '../liveness/port.ts';
import type { PanVerifier } from '../pan/port.ts';
import type { ExchangeRecorder } from './recorder.ts';

interface Recorded {
  pan: PanVerifier;
  kra: KraLookup;
  digilocker: DigilockerClient;
  liveness: LivenessProvider;
  bank: BankProviders;
  esign: EsignService;
}

export function recordProviders<T extends Recorded>(p: T, recorder: ExchangeRecorder): Recorded {
  return {
    pan: recorder.record(p.pan, 'pan', ['verify']),
    // the KRA's bodies are encrypted with the broker's key: its login is left out, its answer kept in clear too
    kra: recorder.record(p.kra, 'kra', ['find'], { io: true, credentialCalls: /\/GetToken$/i }),
    digilocker: recorder.record(p.digilocker, 'digilocker', [
      'exchangeCode',
      'issuedDocuments',
      'eAadhaar',
      'panDocument',
    ]),
    liveness: recorder.record(p.liveness, 'liveness', [
      'createToken',
      'moduleResult',
      'checkLiveness',
      'matchFace',
      'checkAction',
    ]),
    bank: {
      ...p.bank,
      pennyDrop: recorder.record(p.bank.pennyDrop, 'bank', ['verify']),
      upi: recorder.record(p.bank.upi, 'upi', ['verifyVpa', 'createCollect']),
      reversePennyDrop: recorder.record(p.bank.reversePennyDrop, 'upi', ['create']),
    },
    // the eSign request and answer travel through the applicant's browser: kept as the port made and read them
    esign: recorder.record(p.esign, 'esign', ['signingForm', 'readResponse'], { io: true }),
  };
}
