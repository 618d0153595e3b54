// The launch board's data: its six fields and the brief. A field's rules are changed here, by
// editing its row; nothing else spells a label, a limit or an initial value.

export const FIELD_IDS = ['product_name', 'headline', 'description', 'audience', 'launch_date', 'price'] as const;

export type FieldId = (typeof FIELD_IDS)[number];

/** text: one line. textarea: line breaks allowed. date: a calendar date, YYYY-MM-DD. */
export type FieldKind = 'text' | 'textarea' | 'date';

export interface FieldDef {
  readonly id: FieldId;
  readonly label: string;
  readonly kind: FieldKind;
  /** In characters (Unicode code points), as JSON Schema counts maxLength. */
  readonly maxLength: number;
  /** For the human beside the field, and for the model as the schema description. */
  readonly help: string;
  readonly initial: string;
}

export const FIELDS: readonly FieldDef[] = [
  {
    id: 'product_name',
    label: 'Product name',
    kind: 'text',
    maxLength: 60,
    help: 'The name printed on the box and the product card.',
    initial: 'Fernlight Mini',
  },
  {
    id: 'headline',
    label: 'Headline',
    kind: 'text',
    maxLength: 80,
    help: 'One line above the fold on the product card; no trailing full stop.',
    initial: 'The cordless lamp that moves with you from the desk to the balcony and back',
  },
  {
    id: 'description',
    label: 'Description',
    kind: 'textarea',
    maxLength: 180,
    help: 'Two or three plain sentences: what it is, what it does, why it helps.',
    initial:
      'Fernlight Mini is a rechargeable table lamp with a warm dimmable glow, a fold-flat brass handle and twelve hours of light per charge, so it goes wherever the evening does.',
  },
  {
    id: 'audience',
    label: 'Audience',
    kind: 'text',
    maxLength: 100,
    help: 'Who the launch speaks to, in a phrase.',
    initial: 'Renters in small flats who read, cook and work by the same lamp',
  },
  {
    id: 'launch_date',
    label: 'Launch date',
    kind: 'date',
    maxLength: 10,
    help: 'The day the product goes on sale, as YYYY-MM-DD.',
    initial: '2026-10-20',
  },
  {
    id: 'price',
    label: 'Price',
    kind: 'text',
    maxLength: 30,
    help: 'The shelf price with its currency sign, as shown to shoppers.',
    initial: '€79',
  },
];

export interface Brief {
  readonly title: string;
  readonly objective: string;
  readonly constraints: readonly string[];
  /** Deliberately not the board's launch date: the conflict the demo turns on. */
  readonly targetLaunchDate: string;
}

export const INITIAL_BRIEF: Brief = {
  title: 'Autumn web-shop launch',
  objective:
    'Get this board ready for the 6 October web-shop launch. The headline and description must fit the new, smaller product cards.',
  constraints: [
    'Keep the audience and the price exactly as they are.',
    'Headline: at most 55 characters.',
    'Description: at most 140 characters.',
    'The launch date must match the launch plan.',
  ],
  targetLaunchDate: '2026-10-06',
};

/** An expansion request must say why, briefly. */
export const REASON_LENGTH = { min: 8, max: 280 } as const;
