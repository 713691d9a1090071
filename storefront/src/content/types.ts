/** Shapes shared by the content modules. */

export interface PageMetaContent {
  /** The h1 and the document title. */
  title: string;
  description: string;
  intro: string;
}

export interface Card {
  title: string;
  text: string;
}

export interface LinkAction {
  label: string;
  to: string;
}

export interface TextSection {
  heading: string;
  paragraphs: string[];
  bullets?: string[];
}
