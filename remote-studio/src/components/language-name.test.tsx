import { screen } from '@kagami/shared/testing';
import { CONTENT_LANGUAGES } from '@kagami/shared/validation';
import { renderStudio } from './render-studio';
import { useLanguageName } from './language-name';

function Names() {
  const languageName = useLanguageName();
  return (
    <ul>
      {CONTENT_LANGUAGES.map((code) => (
        <li key={code}>{languageName(code)}</li>
      ))}
    </ul>
  );
}

const shown = () => screen.getAllByRole('listitem').map((item) => item.textContent);

test('every content language has its name in English', () => {
  renderStudio(<Names />);
  expect(shown()).toEqual([
    'English',
    'Chinese',
    'Japanese',
    'German',
    'French',
    'Spanish',
    'Korean',
    'Arabic',
    'Russian',
    'Dutch',
    'Italian',
    'Polish',
    'Portuguese',
  ]);
});

test('and in Japanese', () => {
  renderStudio(<Names />, { language: 'ja' });
  expect(shown()).toEqual([
    '英語',
    '中国語',
    '日本語',
    'ドイツ語',
    'フランス語',
    'スペイン語',
    '韓国語',
    'アラビア語',
    'ロシア語',
    'オランダ語',
    'イタリア語',
    'ポーランド語',
    'ポルトガル語',
  ]);
});
