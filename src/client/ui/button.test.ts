import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { buttonVariantClasses, buttonVariants } from './button.tsx';
import { cn } from './cn.ts';

/**
 * `buttonVariants` joins its classes without merging them (button.tsx says why). That is only
 * right while no class it joins undoes another: tailwind-merge, which `cn()` runs, must find
 * nothing to drop in any variant combination, nor with any `className` a button is given in
 * src/client.
 */

const clientDir = path.resolve(import.meta.dirname, '..');
const BUTTONS = new Set(['Button', 'BuyButton']);

type Found = { where: string; className: string | null };

/** The string a className is given as, or null where it is anything else. */
function plainString(value: ts.Node | undefined): string | null {
  if (value && ts.isJsxExpression(value)) return plainString(value.expression);
  return value && (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) ? value.text : null;
}

/**
 * Every `className` given to a button in src/client, null where it is not a plain string: on a
 * Button or BuyButton element, and in the props of an island whose component is one
 * (`<Island component={BuyButton} props={{ className: … }}>`, the landing page's buy calls).
 */
function buttonClassNames(): Found[] {
  const found: Found[] = [];
  const files = fs.readdirSync(clientDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.tsx'));
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      fs.readFileSync(path.join(clientDir, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    const visit = (node: ts.Node) => {
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        const attributes = new Map(
          node.attributes.properties.flatMap((attribute) =>
            ts.isJsxAttribute(attribute) ? [[attribute.name.getText(source), attribute] as const] : [],
          ),
        );
        const tag = node.tagName.getText(source);
        const className = attributes.get('className');
        // BuyButton hands its own className prop on to Button unchanged.
        const passedOn = className?.initializer?.getText(source) === '{className}';
        if (BUTTONS.has(tag) && className && !passedOn)
          found.push({ where: where(className), className: plainString(className.initializer) });
        const component = attributes.get('component')?.initializer;
        const props = attributes.get('props')?.initializer;
        if (tag === 'Island' && component && BUTTONS.has(component.getText(source).replace(/[{}]/g, ''))) {
          const object = props && ts.isJsxExpression(props) ? props.expression : undefined;
          const property =
            object && ts.isObjectLiteralExpression(object)
              ? object.properties.find((entry) => entry.name?.getText(source) === 'className')
              : undefined;
          if (!object || !ts.isObjectLiteralExpression(object)) found.push({ where: where(node), className: null });
          else if (property)
            found.push({ where: where(property), className: ts.isPropertyAssignment(property) ? plainString(property.initializer) : null });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

type Keys<T> = Array<keyof T>;
const { variant: variants, size: sizes, layout: layouts } = buttonVariantClasses;
/** Every combination of the variants button.tsx defines. */
const combinations = (Object.keys(variants) as Keys<typeof variants>).flatMap((variant) =>
  (Object.keys(sizes) as Keys<typeof sizes>).flatMap((size) =>
    (Object.keys(layouts) as Keys<typeof layouts>).flatMap((layout) => [false, true].map((block) => ({ variant, size, layout, block }))),
  ),
);

/** The classes tailwind-merge would drop from `classes`, as a conflict (a repeated class is not one). */
function dropped(classes: string): string[] {
  const kept = new Set(cn(classes).split(' '));
  return classes.split(' ').filter((name) => name && !kept.has(name));
}

describe('button classes', () => {
  it('no variant combination has two classes of one kind', () => {
    for (const combination of combinations) {
      expect(dropped(buttonVariants(combination)), JSON.stringify(combination)).toEqual([]);
    }
  });

  it("every className a button gets in src/client is a plain string adding classes of other kinds than the variants'", () => {
    const found = buttonClassNames();
    // The scan sees the buttons, the landing page's buy islands among them.
    expect(found.length).toBeGreaterThan(15);
    expect(found.map(({ where }) => where)).toContainEqual(expect.stringMatching(/^landing\/hero\.tsx:\d+$/));
    for (const { where, className } of found) {
      expect(className, `${where}: give a button a plain className, or a variant in ui/button.tsx`).not.toBeNull();
      for (const combination of combinations) {
        expect(dropped(buttonVariants({ ...combination, className })), `${where} with ${JSON.stringify(combination)}`).toEqual([]);
      }
    }
  });

  it('finds a className that undoes a variant (the check above can fail)', () => {
    expect(dropped(buttonVariants({ variant: 'cta', size: 'lg', className: 'mt-4 px-2' }))).toEqual(['px-6']);
    expect(dropped(buttonVariants({ variant: 'secondary', className: 'font-extrabold' }))).toEqual(['font-semibold']);
  });
});
