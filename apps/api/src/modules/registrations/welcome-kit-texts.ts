/**
 * The documents of the welcome kit as the platform ships them: the points of the standard
 * documents SEBI prescribes for every stock broker (SEBI/MIRSD/CIR/16/2011 of 22 Aug 2011 and its
 * annexures; the MITC of SEBI/HO/MIRSD/MIRSD-PoD-1/P/CIR/2023/180 of 13 Nov 2023), in the
 * broker's own words. A broker sends its own files instead by putting them in `WELCOME_KIT_DIR`
 * (docs/registrations.md): a file there replaces the document of the same name here.
 */
import { riskDisclosureFor } from '@ekyc/contracts/risk-disclosure';
import type { TextDocument } from '../../documents/pdf-writer.ts';
import { MITC } from '../../documents/account-opening-form.ts';

/** Each document of the kit: its file name (without .pdf) and title, in the order the email lists them. */
export const KIT_DOCUMENTS = [
  { key: 'rights-and-obligations', title: 'Rights and Obligations of the stock broker and the client' },
  { key: 'risk-disclosure', title: 'Risk Disclosure Document' },
  { key: 'guidance-note', title: 'Guidance note: do’s and don’ts' },
  { key: 'policies-and-procedures', title: 'Policies and procedures' },
  { key: 'tariff', title: 'Tariff sheet' },
  { key: 'mitc', title: 'Most Important Terms and Conditions (MITC)' },
  { key: 'dp-rights-and-obligations', title: 'Depository participant Rights and Obligations and tariff' },
] as const;

export type KitKey = (typeof KIT_DOCUMENTS)[number]['key'];

const FO = riskDisclosureFor('fo-2023-07', 'en').text;
const STANDARD = 'As prescribed by SEBI for every client of a stock broker (SEBI/MIRSD/CIR/16/2011, 22 August 2011).';

/** The shipped text of each document but the tariff (the tariff is the client's plan: welcome-kit.ts). */
export const KIT_TEXTS: Record<Exclude<KitKey, 'tariff'>, TextDocument> = {
  'rights-and-obligations': {
    title: 'Rights and Obligations of the stock broker and the client',
    subtitle: STANDARD,
    sections: [
      {
        heading: 'Dealings',
        paragraphs: [
          'The client invests or trades in the securities and contracts admitted to dealings on the exchanges as the exchanges, SEBI and the bye-laws define them.',
          'The stock broker, the authorised person and the client are bound by the rules, bye-laws and regulations of the exchanges and the circulars of SEBI and the exchanges in force from time to time.',
          'The client satisfies itself of the capacity of the stock broker to deal in securities and executes its orders only through the stock broker it has chosen.',
          'The stock broker satisfies itself of the genuineness of the client, its financial soundness and investment objectives relevant to the services it provides.',
        ],
      },
      {
        heading: 'Client information',
        paragraphs: [
          'The client gives all the details the account opening form asks for, with the supporting documents, and informs the stock broker in writing of any change in them (address, bank, income, contact).',
          'The stock broker keeps the client’s information confidential and does not disclose it to any person except as the law requires or with the client’s consent.',
        ],
      },
      {
        heading: 'Margins',
        paragraphs: [
          'The client pays the applicable initial margins, withholding margins, special margins and any other margins the exchange, the clearing corporation or the stock broker considers necessary, within the time required.',
          'Payment of margins does not absolve the client of its liability to settle its obligations in full.',
        ],
      },
      {
        heading: 'Transactions and settlements',
        paragraphs: [
          'The client gives orders in the form the stock broker and the client agree. The stock broker tells the client of the contract note of each trade within 24 hours, and makes the pay-out of funds or securities within one working day of the pay-out from the exchange.',
          'Trades may be cancelled when the exchange annuls them; the corresponding contracts with the client are then cancelled too.',
        ],
      },
      {
        heading: 'Brokerage',
        paragraphs: [
          'The client pays the brokerage and statutory levies the stock broker charges, which do not exceed the maximum the exchanges and SEBI allow (the tariff sheet of this kit).',
        ],
      },
      {
        heading: 'Liquidation and close out',
        paragraphs: [
          'Without prejudice to its other rights, the stock broker may liquidate or close out all or any of the client’s positions for non-payment of margins or other amounts, and adjust the proceeds against the client’s dues. The client bears any loss of such liquidation or close out.',
        ],
      },
      {
        heading: 'Dispute resolution',
        paragraphs: [
          'The stock broker gives the client the details of the exchange’s investor grievance cell, SEBI SCORES and the SMART ODR platform. Disputes are resolved by the exchange’s mechanisms and online dispute resolution as SEBI prescribes.',
        ],
      },
      {
        heading: 'Termination',
        paragraphs: [
          'Either party may end the relationship by giving the other at least one month’s written notice. Rights and liabilities from transactions entered into before termination continue.',
        ],
      },
      {
        heading: 'Electronic contract notes and internet trading',
        paragraphs: [
          'Electronic contract notes are sent to the email address the client registered, digitally signed and in a form that cannot be altered. The client keeps its username and password secret and is responsible for every order placed with them.',
        ],
      },
    ],
  },
  'risk-disclosure': {
    title: 'Risk Disclosure Document',
    subtitle: `For the capital market and the derivatives segments. ${STANDARD}`,
    sections: [
      {
        heading: 'Before you trade',
        paragraphs: [
          'Trading on the exchanges in equity shares, derivatives contracts or other instruments carries a high degree of risk. Invest or trade only after studying this document and your own position; the exchanges, SEBI and the clearing corporations do not advise you and do not guarantee any return.',
          'Neither the exchanges nor SEBI has passed on the merits of any trade, nor do they vouch for the adequacy of this document.',
        ],
      },
      {
        heading: 'Basic risks',
        paragraphs: [
          'Volatility: prices of securities change, sometimes sharply and quickly, and the last traded price may differ from the price at which your order executes.',
          'Liquidity: a security or contract may have few buyers and sellers, so you may not be able to buy or sell it quickly or at a fair price.',
          'Wider spreads: the difference between the best buying and selling prices may be large, which raises your cost.',
          'Risk-reducing orders (stop loss and others) may not limit your loss to the amount you intend: in a fast market they may execute at a different price or not at all.',
          'News and rumours may move prices sharply; corporate actions and announcements are made known through the exchanges.',
          'System risk: heavy volumes, failures of systems, networks or the internet can delay or prevent orders.',
        ],
      },
      {
        heading: 'Derivatives',
        paragraphs: [
          'Futures and options are leveraged: a small price change can cause a loss larger than the margin you deposited, and you may be called to pay more margin at short notice. If you do not, your positions may be closed at a loss.',
          'Buying an option can lose the whole premium paid; selling (writing) an option carries a risk of loss far beyond the premium received.',
          ...FO.points,
          FO.source,
        ],
      },
      {
        heading: 'General',
        paragraphs: [
          'Deal only with a SEBI-registered stock broker and insist on a contract note for every trade. Check the statements of funds and securities you receive, and raise any difference with the broker at once.',
          'Your obligations are to the stock broker, and the exchange’s investor protection fund protects only as its rules provide.',
        ],
      },
    ],
  },
  'guidance-note': {
    title: 'Guidance note: do’s and don’ts for trading on the exchanges',
    subtitle: STANDARD,
    sections: [
      {
        heading: 'Before you begin',
        paragraphs: [
          'Deal only with SEBI-registered intermediaries; check the registration on the SEBI and exchange websites.',
          'Read the Rights and Obligations, the Risk Disclosure Document and the policies and procedures of your broker, and keep a copy of everything you sign.',
          'Never sign a blank form, and do not let anyone fill in your account opening form for you.',
        ],
      },
      {
        heading: 'While you trade',
        paragraphs: [
          'Give orders only in your own client code. Check every contract note (within 24 hours of the trade) and every statement of funds and securities.',
          'Pay and receive money only through your registered bank account, never in cash. Give securities only through your demat account.',
          'Do not share your user id, password or OTP with anyone. Do not fall for promises of assured or guaranteed returns, or for tips on social media.',
          'A Demat Debit and Pledge Instruction is optional; give it only if you understand it.',
        ],
      },
      {
        heading: 'If something goes wrong',
        paragraphs: [
          'Raise the complaint with the broker in writing first. If it is not resolved, go to the exchange’s investor grievance cell, then SEBI SCORES (scores.sebi.gov.in) and the SMART ODR platform (smartodr.in).',
          'Exchanges send you SMS and email alerts of your trades and holdings: tell the broker at once of any trade you did not place.',
        ],
      },
    ],
  },
  'policies-and-procedures': {
    title: 'Policies and procedures',
    subtitle: 'The stock broker’s policies on the matters SEBI requires each broker to state to its clients.',
    sections: [
      {
        heading: 'Penny and illiquid stocks',
        paragraphs: [
          'Orders in securities the exchanges list as illiquid, or under trade-for-trade or surveillance measures, may be refused or limited in size, and may need full payment in advance.',
        ],
      },
      {
        heading: 'Exposure limits',
        paragraphs: [
          'Limits on orders and positions are set from the funds and collateral available with the broker and the margins of the exchanges; they may be changed without notice when markets are volatile.',
        ],
      },
      {
        heading: 'Square-off of positions',
        paragraphs: [
          'Intraday positions are closed by the broker before the market closes if the client has not closed them. Positions may be closed at any time when margins are short, after an attempt to inform the client; any loss is the client’s.',
        ],
      },
      {
        heading: 'Shortages in delivery',
        paragraphs: [
          'A shortfall in securities the client sold is closed out as the exchange’s auction or close-out rules provide, and the cost is the client’s.',
        ],
      },
      {
        heading: 'Refusal of orders and suspension',
        paragraphs: [
          'The broker may refuse orders that breach limits, exchange rules or its risk policy, and may suspend trading in an account when the law or a regulator requires it, or when dues remain unpaid.',
        ],
      },
      {
        heading: 'Inactive accounts and closure',
        paragraphs: [
          'An account with no trade for 24 months is treated as inactive; funds and securities are returned as the exchanges require, and trading resumes after the client’s details are confirmed again. A client may close the account at any time by asking the broker.',
        ],
      },
    ],
  },
  mitc: {
    title: 'Most Important Terms and Conditions (MITC)',
    subtitle:
      'The standard MITC for clients of stock brokers (SEBI/HO/MIRSD/MIRSD-PoD-1/P/CIR/2023/180, 13 November 2023), acknowledged in your signed account opening form.',
    sections: [{ heading: 'Terms', paragraphs: MITC.map((t) => `- ${t}`) }],
  },
  'dp-rights-and-obligations': {
    title: 'Depository participant: Rights and Obligations, and tariff',
    subtitle:
      'For the demat account opened with the depository participant (SEBI (Depositories and Participants) Regulations, 2018).',
    sections: [
      {
        heading: 'The account',
        paragraphs: [
          'The depository participant opens and keeps the demat account on the instructions of the beneficial owner, and sends a statement of holdings and transactions as the depositories require (at least quarterly, monthly in a month with a transaction).',
          'Securities are debited only on the beneficial owner’s instruction (a delivery instruction slip, an electronic instruction, or a DDPI where given).',
          'The beneficial owner may nominate, change the nominees or opt out of nomination, and may close or transfer the account at any time.',
        ],
      },
      {
        heading: 'Charges',
        paragraphs: [
          'The charges of the demat account are those of the tariff sheet in this kit (annual maintenance, debit transactions, pledges). A Basic Services Demat Account costs as the tariff sheet shows for holdings within its limits.',
          'The depository participant gives 30 days’ notice of any change in its charges.',
        ],
      },
      {
        heading: 'Grievances',
        paragraphs: [
          'Complaints go to the depository participant first, then to the depository (CDSL or NSDL), SEBI SCORES and the SMART ODR platform.',
        ],
      },
    ],
  },
};
