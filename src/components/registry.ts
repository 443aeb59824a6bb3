// The component tags content may use, with the props each accepts. Unknown tags are errors.

export type PropType = 'string' | 'string[]' | 'boolean' | 'number';

export interface PropSpec {
  type: PropType;
  required?: boolean;
}

export interface ComponentSpec {
  props: Record<string, PropSpec>;
  /** Props that say in words what the component shows (one of them is expected: a warning without). */
  textAlternative?: string[];
}

export const COMPONENTS: Record<string, ComponentSpec> = {
  CodeTab: { props: { labels: { type: 'string[]' }, experimentalHighlightedLines: { type: 'string[]' } } },
  Intro: { props: {} },
  Info: { props: {} },
  Warn: { props: {} },
  Cite: { props: { author: { type: 'string' } } },
  Image: {
    props: {
      src: { type: 'string', required: true },
      // What the picture shows, for readers who cannot see it; the caption stands in without it.
      alt: { type: 'string' },
      caption: { type: 'string' },
      withShadow: { type: 'boolean' },
      size: { type: 'string' },
      externalLink: { type: 'string' },
      className: { type: 'string' },
    },
    textAlternative: ['alt', 'caption'],
  },
  Video: { props: { src: { type: 'string', required: true }, caption: { type: 'string' } } },
  UrlBox: { props: { text: { type: 'string' }, href: { type: 'string', required: true } } },
  WarningTable: { props: {} },
  CommunityContent: { props: {} },
  // Used by the community pages the docs team writes today.
  CommunityResources: { props: {} },
  DonationForm: { props: {} },
  // The /try page's editor and compiler (src/components/playground).
  Playground: { props: {} },
};

export const COMPONENT_NAMES = Object.keys(COMPONENTS);
