import { checkValues, fillText, placeholdersOf, variablesOf } from './template-variables';

test('placeholders, with and without defaults, are found where they occur', () => {
  expect(placeholdersOf('Hi {{first_name|there}}, welcome to {{ company }}. {{Bad}} {{1x}}')).toEqual([
    { name: 'first_name', default: 'there' },
    { name: 'company', default: null },
  ]);
  expect(
    variablesOf([
      ['scenes.0.script', 'Hi {{first_name}}, thanks for joining {{company}}.'],
      ['scenes.0.elements.0.text', 'Welcome, {{first_name|friend}}'],
      ['scenes.1.script', 'See you at {{company}}.'],
    ]),
  ).toEqual([
    { name: 'first_name', default: 'friend', occurs_in: ['scenes.0.script', 'scenes.0.elements.0.text'] },
    { name: 'company', default: null, occurs_in: ['scenes.0.script', 'scenes.1.script'] },
  ]);
});

test('a text is filled with the values, or the defaults, and nothing of the braces is left', () => {
  const text = 'Hi {{first_name|there}}, thanks for joining {{company}}.';
  expect(fillText(text, { first_name: 'Ada', company: 'Acme' })).toBe('Hi Ada, thanks for joining Acme.');
  expect(fillText(text, { company: '株式会社カガミ' })).toBe('Hi there, thanks for joining 株式会社カガミ.');
});

test('missing values (with no default) and unknown names are told apart', () => {
  const variables = variablesOf([['script', 'Hi {{first_name|there}} of {{company}} in {{city}}']]);
  expect(checkValues(variables, { company: 'Acme', city: ' ', team: 'x' })).toEqual({ missing: ['city'], unknown: ['team'] });
  expect(checkValues(variables, { company: 'Acme', city: 'Kyoto' })).toEqual({ missing: [], unknown: [] });
});
