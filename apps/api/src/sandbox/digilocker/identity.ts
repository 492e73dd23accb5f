/**
 * The sandbox locker's holder: derived deterministically from the applicant's PAN record, so that
 * the same PAN always yields the same Aadhaar (name and date of birth from the PAN, a generated
 * address, a masked uid and a photo: a real face of the holder's gender, sample-faces.ts).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { loadSharp } from '../../lib/sharp.ts';
import { facePackageRequire, sandboxFaceInstalled } from '../liveness/face-package.ts';
import { type HolderGender, SAMPLE_FACES, SAMPLE_PICTURE, sandboxHolderGender } from './sample-faces.ts';

export interface SandboxHolder {
  uidLast4: string;
  name: string;
  /** DD-MM-YYYY as in the e-Aadhaar XML */
  dob: string;
  gender: 'M' | 'F';
  careOf: string;
  house: string;
  street: string;
  landmark: string;
  locality: string;
  vtc: string;
  postOffice: string;
  subDistrict: string;
  district: string;
  state: string;
  pincode: string;
  pan: string;
  panIssued: boolean;
}

const PLACES = [
  { district: 'Bengaluru Urban', state: 'Karnataka', pc: '5600', locality: 'Indiranagar', street: '100 Feet Road' },
  { district: 'Pune', state: 'Maharashtra', pc: '4110', locality: 'Kothrud', street: 'Karve Road' },
  { district: 'Ahmedabad', state: 'Gujarat', pc: '3800', locality: 'Navrangpura', street: 'C G Road' },
  { district: 'Kolkata', state: 'West Bengal', pc: '7000', locality: 'Salt Lake', street: 'Sector V Road' },
  { district: 'Jaipur', state: 'Rajasthan', pc: '3020', locality: 'Malviya Nagar', street: 'JLN Marg' },
  { district: 'Lucknow', state: 'Uttar Pradesh', pc: '2260', locality: 'Gomti Nagar', street: 'Vibhuti Khand' },
];
const FATHERS = ['Ramesh', 'Suresh', 'Mahesh', 'Prakash', 'Dinesh', 'Rajendra', 'Anil', 'Vijay'];
const LANDMARKS = ['Near City Hospital', 'Opposite Post Office', 'Behind Ram Mandir', 'Near Bus Stand'];

const digest = (s: string) => createHash('sha256').update(s).digest();
const titleCase = (s: string) => s.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());

/** What the sandbox locker's holder is made from: the applicant's PAN record. */
export interface HolderPan {
  pan_number: string;
  full_name: string;
  dob: string;
}

export function sandboxHolder(pan: HolderPan): SandboxHolder {
  const h = digest(`sandbox-aadhaar:${pan.pan_number}`);
  const place = PLACES[h[0]! % PLACES.length]!;
  const surname = pan.full_name.trim().split(/\s+/).at(-1) ?? '';
  const father = `${FATHERS[h[1]! % FATHERS.length]} ${titleCase(surname)}`.trim();
  const gender = sandboxHolderGender(pan.pan_number);
  return {
    uidLast4: String(h.readUInt16BE(3) % 10000).padStart(4, '0'),
    name: titleCase(pan.full_name),
    dob: pan.dob.replace(/\//g, '-'),
    gender,
    careOf: `${gender === 'M' ? 'S/O' : 'D/O'} ${father}`,
    house: `${(h[5]! % 200) + 1}`,
    street: place.street,
    landmark: LANDMARKS[h[6]! % LANDMARKS.length]!,
    locality: place.locality,
    vtc: place.district.replace(' Urban', ''),
    postOffice: place.locality,
    subDistrict: place.district.replace(' Urban', ''),
    district: place.district,
    state: place.state,
    pincode: `${place.pc}${String(h[7]! % 100).padStart(2, '0')}`,
    pan: pan.pan_number,
    panIssued: pan.pan_number.slice(5, 9) !== '8888',
  };
}

/** The two sample faces, cut once per process. */
const faces = new Map<HolderGender, Promise<Buffer>>();

/**
 * The Aadhaar photo: the sample face of the holder's gender (a real face, which the sandbox face
 * match compares the selfie with). Where the face model is not installed (no sample picture, and no
 * face match either) it is a drawn portrait.
 */
export function sandboxPhoto(holder: { pan: string; gender: HolderGender }): Promise<Buffer> {
  if (!sandboxFaceInstalled()) return drawnPortrait(holder.pan);
  let face = faces.get(holder.gender);
  if (!face) faces.set(holder.gender, (face = sampleFace(holder.gender)));
  return face;
}

/** A JPEG of one face of the sample picture, at the size of a scanned Aadhaar photo. */
export async function sampleFace(gender: HolderGender): Promise<Buffer> {
  const human = path.dirname(facePackageRequire().resolve('@vladmandic/human'));
  const sharp = await loadSharp();
  return sharp(path.join(human, '..', SAMPLE_PICTURE))
    .extract(SAMPLE_FACES[gender])
    .resize(240, 240)
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Rendered portraits by colour choice (a hundred at most): drawing one costs milliseconds. */
const portraits = new Map<string, Promise<Buffer>>();

/** A small JPEG portrait: a face-like drawing whose colours come from the holder. */
function drawnPortrait(seed: string): Promise<Buffer> {
  const h = digest(`sandbox-photo:${seed}`);
  const skin = ['#c68642', '#8d5524', '#e0ac69', '#f1c27d', '#a0522d'][h[0]! % 5]!;
  const hair = ['#1b1b1b', '#3b2417', '#2a2a2a', '#4a3020'][h[1]! % 4]!;
  const shirt = ['#2f54eb', '#389e0d', '#cf1322', '#531dab', '#d46b08'][h[2]! % 5]!;
  const key = `${skin}${hair}${shirt}`;
  let portrait = portraits.get(key);
  if (!portrait) portraits.set(key, (portrait = drawPortrait(skin, hair, shirt)));
  return portrait;
}

async function drawPortrait(skin: string, hair: string, shirt: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300" viewBox="0 0 240 300">
<rect width="240" height="300" fill="#e8eef5"/>
<ellipse cx="120" cy="300" rx="110" ry="70" fill="${shirt}"/>
<rect x="100" y="200" width="40" height="40" fill="${skin}"/>
<ellipse cx="120" cy="140" rx="62" ry="78" fill="${skin}"/>
<path d="M58 130 Q60 50 120 52 Q180 50 182 130 Q170 85 120 82 Q70 85 58 130 Z" fill="${hair}"/>
<ellipse cx="96" cy="138" rx="11" ry="7" fill="#fff"/><ellipse cx="144" cy="138" rx="11" ry="7" fill="#fff"/>
<circle cx="96" cy="138" r="5" fill="#2b1d14"/><circle cx="144" cy="138" r="5" fill="#2b1d14"/>
<path d="M84 122 Q96 114 108 122" stroke="${hair}" stroke-width="4" fill="none"/>
<path d="M132 122 Q144 114 156 122" stroke="${hair}" stroke-width="4" fill="none"/>
<path d="M120 145 L113 172 Q120 177 127 172" stroke="#00000055" stroke-width="3" fill="none"/>
<path d="M100 190 Q120 204 140 190" stroke="#7a2e2e" stroke-width="5" fill="none" stroke-linecap="round"/>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
