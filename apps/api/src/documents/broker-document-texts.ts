/**
 * The platform's SAMPLES of the broker's documents (the welcome kit of SEBI/MIRSD/CIR/16/2011, the
 * MITC of SEBI/HO/MIRSD/MIRSD-PoD-1/P/CIR/2023/180, the Investor Charter): each says on its face
 * that it is a sample to replace. The prescribed texts are the broker's to give: a file of the same
 * name in `WELCOME_KIT_DIR` replaces the sample, with its version (broker-documents.ts).
 */
import { riskDisclosureFor } from '@ekyc/contracts/risk-disclosure';
import type { KitKey } from '@ekyc/contracts/calls/broker-documents';
import type { RuleSet } from '@ekyc/contracts/regulation';
import type { TextDocument } from './pdf-writer.ts';

/** The version a shipped sample carries (raise it when a sample's text changes). */
export const SAMPLE_VERSION = 'sample-2';

const FO = riskDisclosureFor('fo-2023-07', 'en').text;
/** Printed under every sample's title: never "as prescribed". */
export const SAMPLE_NOTICE =
  'SAMPLE shipped with the onboarding platform, to be replaced by the stock broker’s own document. It is not the text prescribed by SEBI or the exchanges.';
const STANDARD = SAMPLE_NOTICE;

/**
 * A SAMPLE in the shape of the standard MITC (ten points, Annexure A to NSE/INSP/60147), written
 * from public summaries of its topics: the prescribed text was not available to transcribe. The
 * broker replaces it with the exchange's text (`mitc.pdf` in WELCOME_KIT_DIR).
 */
export const SAMPLE_MITC = [
  'Unique Client Code: the stock broker gives you a Unique Client Code (UCC); your orders are placed only under it, and your demat account number is a different number.',
  'Funds and collateral: you give the stock broker the funds or securities the exchanges require as margin before you trade, only through your registered bank and demat accounts, never in cash.',
  'Restrictions: the stock broker may limit or refuse orders, or close positions, under its risk management policy, which it publishes.',
  'Settlement: securities you buy reach your demat account on settlement; securities not paid for in full may be pledged to the stock broker through the client unpaid securities pledgee account (CUSPA).',
  'Margin pledge: securities you give as collateral stay in your demat account under a pledge; they are not transferred to the stock broker.',
  'Running account: funds not used are returned to your primary bank account at least once a quarter (or a month, as you choose), as the exchanges require.',
  'Contract notes: you receive a contract note within 24 hours of each trade, and statements of funds and securities as the rules require.',
  'DDPI: a Demat Debit and Pledge Instruction is voluntary, for the purposes listed in it, and you may revoke it.',
  'Contact details: keep your mobile number, email and bank details up to date with the stock broker, and never share your user id, password or OTP with anyone.',
  'Grievances: complaints go to the stock broker first, then to the exchange, SEBI SCORES and the SMART ODR platform; schemes promising assured returns are not protected by the exchanges or SEBI.',
];

/** The sample Investor Charter; the right to digital accessibility where the rule set includes it. */
export function sampleInvestorCharter(rules: RuleSet): TextDocument {
  const rights = [
    'Get the services the stock broker offers in a fair and transparent way, and a copy of your account opening documents and Unique Client Code within seven days.',
    'Get contract notes, statements of funds and securities, and your funds and securities back as the rules require.',
    'Have your complaints heard and resolved in time, and escalate them to the exchange, SEBI SCORES and the SMART ODR platform.',
  ];
  // SEBI clarification of 8 Dec 2025: the charters state the investor's right to digital accessibility
  if (rules.values.investorCharterAccessibility)
    rights.push(
      'Right to digital accessibility: use the stock broker’s website, app and documents (accessible forms and tagged PDFs, non-blink liveness, assisted video KYC on request) whatever your disability, and complain under the “Accessibility” category of SEBI SCORES if you cannot.',
    );
  return {
    title: 'Investor Charter for stock brokers',
    subtitle: SAMPLE_NOTICE,
    sections: [
      {
        heading: 'Services the stock broker provides',
        paragraphs: [
          'Opening of trading and demat accounts after the KYC, execution of trades, settlement of funds and securities, and reports of your holdings.',
        ],
      },
      { heading: 'Your rights', paragraphs: rights },
      {
        heading: 'Your responsibilities',
        paragraphs: [
          'Read the Rights and Obligations, the Risk Disclosure Document, the Most Important Terms and Conditions and the tariff before you trade.',
          'Keep your contact details up to date and never share your credentials.',
        ],
      },
    ],
  };
}

/** The shipped text of each document but the tariff and the charter (built per plan and per rule set). */
export const KIT_TEXTS: Record<Exclude<KitKey, 'tariff' | 'investor-charter'>, TextDocument> = {
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
    subtitle: SAMPLE_NOTICE,
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
    subtitle: SAMPLE_NOTICE,
    sections: [{ heading: 'Terms', paragraphs: SAMPLE_MITC.map((t, i) => `${i + 1}. ${t}`) }],
  },
  'dp-rights-and-obligations': {
    title: 'Depository participant: Rights and Obligations, and tariff',
    subtitle: SAMPLE_NOTICE,
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
