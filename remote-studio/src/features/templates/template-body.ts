// A template's body as the app receives it (camelCased) read for its first scene, and that scene filled in with a
// video's values: the layout preview's request and the words it says.
import { fillText } from '@kagami/shared/validation';
import type { Template } from '../../data/templates';

type BodyElement = { type: string; text?: string } & Record<string, unknown>;
type BodyScene = {
  avatarId?: string | null;
  script?: string;
  language?: string;
  background?: unknown;
  placement?: unknown;
  elements?: BodyElement[];
};
type Body = BodyScene & { aspectRatio?: string; brand?: boolean; scenes?: BodyScene[] };

/** The values a text is filled in with: those given (an empty one leaves the default, or the placeholder, shown). */
export const givenValues = (values: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value.trim() !== '')
      .map(([name, value]) => [name, value.trim()]),
  );

/** The template's first scene (a body of one scene is its own), with the body's presenter where the scene names none. */
function firstScene(template: Template): BodyScene {
  const body = template.body as Body;
  const scene = body.scenes?.[0] ?? body;
  return { ...scene, avatarId: scene.avatarId === undefined ? (body.avatarId ?? null) : scene.avatarId };
}

/** What the first scene says with these values. */
export const filledScript = (template: Template, values: Record<string, string>) =>
  fillText(firstScene(template).script ?? '', givenValues(values));

/** The layout preview's request for the first scene, its text elements filled in with these values. */
export function stillRequest(template: Template, values: Record<string, string>): Record<string, unknown> {
  const body = template.body as Body;
  const scene = firstScene(template);
  const given = givenValues(values);
  return {
    avatarId: scene.avatarId,
    aspectRatio: body.aspectRatio ?? '16:9',
    background: scene.background ?? null,
    ...(scene.placement ? { placement: scene.placement } : {}),
    elements: (scene.elements ?? []).map((element) =>
      element.type === 'text' && typeof element.text === 'string' ? { ...element, text: fillText(element.text, given) } : element,
    ),
    language: scene.language ?? template.language,
    brand: body.brand ?? false,
  };
}
