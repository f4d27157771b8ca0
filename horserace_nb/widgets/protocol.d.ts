// Generated from horserace_nb/sessions/protocol.py and the widgets' synced traits by
// tests/tools/protocol_dts.py: do not edit (a test checks it is up to date). The ES modules
// beside it import these types in their JSDoc (// @ts-check); tsc --noEmit checks them.

/** An anywidget model: the synced traits T, the messages M the front end sends. */
export interface Model<T, M = never> {
  get<K extends keyof T>(name: K): T[K];
  set<K extends keyof T>(name: K, value: T[K]): void;
  save_changes(): void;
  on(event: string, callback: () => void): void;
  send(content: M): void;
}

declare global {
  interface Window {
    /** The JupyterLab application, where the page exposes it (the JupyterLite site). */
    jupyterapp?: any;
  }
}


export type SideName = "low" | "high" | "straight_a" | "straight_b" | "branch_a" | "branch_b";

export type Kind = "select" | "place" | "point";

export type ReplayKey = "previous" | "next" | "play" | "first" | "last";

export interface Point {
  on?: string | null;
  side?: SideName | null;
  label: string;
  preview: string;
  said: string;
}

export interface TileMoves {
  announce: string;
  points: Point[];
}

export interface SelectMessage {
  kind: "select";
  tile: string;
  rev: number;
}

export interface PlaceMessage {
  kind: "place";
  tile: string;
  on?: string | null;
  side?: SideName | null;
  rev: number;
}

export interface PointMessage {
  kind: "point";
  on: string;
  side: SideName;
  rev: number;
}

export interface KeyMessage {
  kind: "key";
  key: ReplayKey;
}

export interface PointRef {
  on: string;
  side: SideName;
}

export interface Spot {
  on: string;
  side: SideName;
  label: string;
}

export interface Marks {
  kind: string;
  points: PointRef[];
  tiles: string[];
}

export type Moves = { [tile: string]: TileMoves };

export type Message = SelectMessage | PlaceMessage | PointMessage | KeyMessage;

export interface BoardTraits {
  announcement: { n: number; text: string };
  hand: string;
  label: string;
  lang: string;
  marks: Marks;
  moves: Moves;
  picked: PointRef[];
  readonly: boolean;
  revision: number;
  room: number;
  selected: string;
  spots: Spot[];
  svg: string;
  takes_keys: boolean;
}

export type BoardModel = Model<BoardTraits, Message>;

export interface TextTraits {
  value: string;
}

export type TextModel = Model<TextTraits>;

export interface LangSwitchTraits {
  options: [string, string][];
  value: string;
}

export type LangSwitchModel = Model<LangSwitchTraits>;
