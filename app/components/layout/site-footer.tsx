import { Link } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import type { FooterQuote, SiteLinks } from '#common/contracts/site.schema.ts';
import { FacebookIcon, MailIcon, PhoneIcon, PinIcon, YoutubeIcon } from '../ui/icons.tsx';
import { Brand } from './brand.tsx';
import { AUDIO_LIBRARY_PATH, BOOK_LIBRARY_PATH } from './menu.ts';

/** The volunteer translators' sign-up, handed to the external form service of the configuration. */
function TranslatorForm({ action }: { action: string }) {
  return (
    <section className="translator-band" aria-labelledby="translator-title">
      <div>
        <h2 className="footer-heading" id="translator-title">
          Tham gia dịch thuật
        </h2>
        <p className="footer-note">
          Bạn đọc được tiếng Anh, Hán văn hay Pali và muốn góp sức chuyển ngữ kinh sách? Hãy để lại lời nhắn; ban điều
          hành sẽ liên lạc với bạn.
        </p>
      </div>
      <form className="translator-form" action={action} method="post" target="_blank" rel="noopener">
        <label>
          <span>Họ và tên</span>
          <input name="name" required autoComplete="name" maxLength={100} />
        </label>
        <label>
          <span>Email</span>
          <input name="email" type="email" required autoComplete="email" maxLength={200} />
        </label>
        <label>
          <span>Ngôn ngữ bạn dịch được</span>
          <input name="languages" placeholder="Ví dụ: Anh, Hán văn" maxLength={200} />
        </label>
        <button type="submit" className="button button-primary">
          Gửi đăng ký
        </button>
      </form>
    </section>
  );
}

/** The footer: a teaching quote, contact details, social and feedback links, the translators' form. */
export function SiteFooter({ quote, links }: { quote: FooterQuote | null; links: SiteLinks | null }) {
  const hasContact = links && (links.contactEmail || links.contactPhone || links.contactAddress);
  return (
    <footer className="site-footer">
      {quote ? (
        <figure className="footer-quote" data-testid="footer-quote">
          <blockquote>
            <p>{quote.text}</p>
          </blockquote>
          {quote.original ? <p className="footer-quote-original">{quote.original}</p> : null}
          <figcaption>
            — {quote.source}
            {quote.translator ? <span className="footer-quote-translator"> · {quote.translator}</span> : null}
          </figcaption>
        </figure>
      ) : null}

      <div className="footer-grid">
        <section className="footer-about">
          <Brand />
          <p className="footer-note">
            Thư viện Phật giáo tiếng Việt, mở cho mọi người: kinh sách đọc theo từng chương, pháp âm, video, tin tức và
            trích dẫn. Do các tu viện và tình nguyện viên cùng gìn giữ.
          </p>
          {links && (links.facebookUrl || links.youtubeUrl) ? (
            <ul className="footer-social" aria-label="Mạng xã hội">
              {links.facebookUrl ? (
                <li>
                  <a href={links.facebookUrl} target="_blank" rel="noopener noreferrer" aria-label="Facebook">
                    <FacebookIcon size={20} />
                  </a>
                </li>
              ) : null}
              {links.youtubeUrl ? (
                <li>
                  <a href={links.youtubeUrl} target="_blank" rel="noopener noreferrer" aria-label="YouTube">
                    <YoutubeIcon size={20} />
                  </a>
                </li>
              ) : null}
            </ul>
          ) : null}
        </section>

        <nav className="footer-links" aria-label="Thư viện">
          <h2 className="footer-heading">Thư viện</h2>
          <ul>
            <li>
              <Link to={BOOK_LIBRARY_PATH}>Sách</Link>
            </li>
            <li>
              <Link to={AUDIO_LIBRARY_PATH}>Pháp âm</Link>
            </li>
            <li>
              <Link to="/videos">Video</Link>
            </li>
            <li>
              <Link to="/tin-tuc">Tin tức</Link>
            </li>
          </ul>
        </nav>

        <nav className="footer-links" aria-label={`Về ${SITE_NAME}`}>
          <h2 className="footer-heading">Về {SITE_NAME}</h2>
          <ul>
            <li>
              <Link to="/bai-viet/thu-ngo">Thư ngỏ</Link>
            </li>
            <li>
              <Link to="/bai-viet/huong-dan">Hướng dẫn sử dụng</Link>
            </li>
            {links?.feedbackUrl ? (
              <li>
                <a href={links.feedbackUrl}>Góp ý</a>
              </li>
            ) : null}
            {links?.bugReportUrl ? (
              <li>
                <a href={links.bugReportUrl}>Báo lỗi</a>
              </li>
            ) : null}
          </ul>
        </nav>

        {hasContact ? (
          <section className="footer-contact" aria-label="Liên hệ">
            <h2 className="footer-heading">Liên hệ</h2>
            <ul>
              {links.contactAddress ? (
                <li>
                  <PinIcon size={18} /> <span>{links.contactAddress}</span>
                </li>
              ) : null}
              {links.contactPhone ? (
                <li>
                  <PhoneIcon size={18} />{' '}
                  <a href={`tel:${links.contactPhone.replace(/\s+/g, '')}`}>{links.contactPhone}</a>
                </li>
              ) : null}
              {links.contactEmail ? (
                <li>
                  <MailIcon size={18} /> <a href={`mailto:${links.contactEmail}`}>{links.contactEmail}</a>
                </li>
              ) : null}
            </ul>
          </section>
        ) : null}
      </div>

      {links?.translatorFormUrl ? <TranslatorForm action={links.translatorFormUrl} /> : null}

      <p className="footer-legal">
        Kinh văn Hán-Việt và chữ Hán thuộc phạm vi công cộng (bản biên soạn phát hành theo The Unlicense). Bài viết
        trích từ Wikipedia tiếng Việt theo giấy phép CC BY-SA 3.0, ghi nguồn ở cuối mỗi bài.
      </p>
    </footer>
  );
}
