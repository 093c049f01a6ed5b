// The e-mails the product sends (codes, password resets, lock-outs, invitations, finished avatars and videos, sales
// inquiries), each as subject, text and HTML, in English or Japanese as the reader chose.
import type { UiLanguage } from '@kagami/shared/validation';
import { html } from '../lib/html';
import type { Mail } from './mailer';

function compose(to: string, subject: string, paragraphs: string[], link?: { href: string; label: string }): Mail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join('\n\n');
  const body = [...paragraphs.map((p) => html`<p>${p}</p>`), ...(link ? [html`<p><a href="${link.href}">${link.label}</a></p>`] : [])];
  return { to, subject, text, html: body.join('\n') };
}

export const mailTemplates = {
  /** To the sales team (in English): who asks, for how large a team, and their message; replies go to them. */
  salesInquiry(to: string, inquiry: { name: string; email: string; company: string; teamSize: string; message: string }): Mail {
    return compose(to, `Kagami Business inquiry: ${inquiry.company}`, [
      `${inquiry.name} <${inquiry.email}> from ${inquiry.company} (team size ${inquiry.teamSize}) asks about Kagami Business:`,
      inquiry.message,
    ]);
  },
  verificationCode(to: string, lang: UiLanguage, code: string, minutes: number): Mail {
    return lang === 'ja'
      ? compose(to, `Kagami 認証コード: ${code}`, [
          `Kagamiの認証コードは ${code} です。`,
          `このコードは${minutes}分間有効です。心当たりがない場合は、このメールを無視してください。`,
        ])
      : compose(to, `Your Kagami verification code: ${code}`, [
          `Your Kagami verification code is ${code}.`,
          `It is valid for ${minutes} minutes. If you did not ask for it, ignore this e-mail.`,
        ]);
  },
  passwordReset(to: string, lang: UiLanguage, href: string, minutes: number): Mail {
    return lang === 'ja'
      ? compose(
          to,
          'Kagami パスワードの再設定',
          [
            `${to} のパスワード再設定のリクエストを受け付けました。リンクは${minutes}分間、このアドレスがアカウントのアドレスである間だけ有効です。`,
            '心当たりがない場合は、このメールを無視してください。',
          ],
          { href, label: 'パスワードを再設定する' },
        )
      : compose(
          to,
          'Reset your Kagami password',
          [
            `We received a request to reset the password of ${to}. The link is valid for ${minutes} minutes, while this is still the account's address.`,
            'If you did not ask for it, ignore this e-mail.',
          ],
          { href, label: 'Reset your password' },
        );
  },
  accountLocked(to: string, lang: UiLanguage, href: string, minutes: number): Mail {
    return lang === 'ja'
      ? compose(
          to,
          'Kagami: アカウントへのサインインを一時停止しました',
          [
            `${to} のアカウントに、誤ったパスワードでのサインインが何度も試みられました。これまでサインインしたことのない端末からのサインインを${minutes}分間停止しています。いつもの端末からは引き続きサインインできます。`,
            'ご自身の操作でない場合は、下のリンクからパスワードを再設定してください。再設定すると停止はすぐに解除されます。',
          ],
          { href, label: 'パスワードを再設定して解除する' },
        )
      : compose(
          to,
          'Kagami: sign-in to your account is paused',
          [
            `Someone tried many wrong passwords for ${to}. For the next ${minutes} minutes, sign-in is paused from devices that have never signed in to this account; your usual devices still work.`,
            'If this was not you, reset your password with the link below: that unlocks the account at once.',
          ],
          { href, label: 'Reset your password and unlock' },
        );
  },
  googleLinkCode(to: string, lang: UiLanguage, code: string, minutes: number): Mail {
    return lang === 'ja'
      ? compose(to, `Kagami: Googleアカウントの連携コード ${code}`, [
          `${to} のKagamiアカウントにGoogleアカウントでサインインするには、コード ${code} を入力してください。`,
          `このコードは${minutes}分間有効です。心当たりがない場合は、このメールを無視してください。アカウントは連携されません。`,
        ])
      : compose(to, `Link Google to your Kagami account: ${code}`, [
          `To sign in to the Kagami account of ${to} with Google, enter the code ${code}.`,
          `It is valid for ${minutes} minutes. If you did not ask for it, ignore this e-mail: nothing is linked without the code.`,
        ]);
  },
  invitation(to: string, lang: UiLanguage, teamName: string, inviter: string, href: string, code: string, days: number): Mail {
    return lang === 'ja'
      ? compose(
          to,
          `Kagami: ${inviter}さんから「${teamName}」への招待`,
          [
            `${inviter}さんがKagamiのチーム「${teamName}」にあなたを招待しました。`,
            `招待コード: ${code}（${days}日間有効、1回のみ使用可能）`,
          ],
          { href, label: '招待を受ける' },
        )
      : compose(
          to,
          `Kagami: ${inviter} invited you to ${teamName}`,
          [
            `${inviter} invited you to join the team "${teamName}" on Kagami.`,
            `Invitation code: ${code} (valid for ${days} days, single use)`,
          ],
          { href, label: 'Accept the invitation' },
        );
  },
  creationFinished(to: string, lang: UiLanguage, kind: 'avatar' | 'video', name: string, ok: boolean, href: string, reason?: string): Mail {
    const ja = lang === 'ja';
    const what = ja ? (kind === 'avatar' ? 'アバター' : '動画') : kind;
    if (ok) {
      return ja
        ? compose(to, `Kagami: ${what}「${name}」の準備ができました`, [`${what}「${name}」の準備ができました。`], {
            href,
            label: 'Kagamiで開く',
          })
        : compose(to, `Kagami: your ${what} "${name}" is ready`, [`Your ${what} "${name}" is ready.`], {
            href,
            label: 'Open it in Kagami',
          });
    }
    return ja
      ? compose(to, `Kagami: ${what}「${name}」を作成できませんでした`, [`${what}「${name}」を作成できませんでした（${reason}）。`], {
          href,
          label: 'Kagamiで確認する',
        })
      : compose(to, `Kagami: your ${what} "${name}" could not be created`, [`Your ${what} "${name}" could not be created (${reason}).`], {
          href,
          label: 'See it in Kagami',
        });
  },
};
