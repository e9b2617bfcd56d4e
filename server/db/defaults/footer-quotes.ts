import type { FooterQuote } from '#common/contracts/site.schema.ts';

const OURS = 'Pháp Bảo dịch từ nguyên bản';

/**
 * The seven teaching quotes of the footer (product spec §1). The originals are public domain
 * (Pali canon; the Hán-Việt reading of the Diamond Sutra); the Vietnamese renderings are our own.
 */
export const DEFAULT_FOOTER_QUOTES: FooterQuote[] = [
  {
    text: 'Không làm mọi điều ác, thực hành mọi điều lành, giữ tâm ý trong sạch: đó là lời chư Phật dạy.',
    original: 'Sabbapāpassa akaraṇaṃ, kusalassa upasampadā, sacittapariyodapanaṃ, etaṃ buddhāna sāsanaṃ.',
    source: 'Kinh Pháp Cú, kệ 183',
    translator: OURS,
  },
  {
    text: 'Ở đời này, hận thù không bao giờ dập tắt được hận thù; chỉ có không hận thù mới dập tắt được hận thù. Đó là định luật muôn đời.',
    original: 'Na hi verena verāni, sammantīdha kudācanaṃ; averena ca sammanti, esa dhammo sanantano.',
    source: 'Kinh Pháp Cú, kệ 5',
    translator: OURS,
  },
  {
    text: 'Tâm dẫn đầu các pháp, tâm làm chủ, tâm tạo tác. Ai nói hay làm với tâm trong sạch, an vui sẽ theo người ấy như bóng không rời hình.',
    original:
      'Manopubbaṅgamā dhammā, manoseṭṭhā manomayā; manasā ce pasannena, bhāsati vā karoti vā, tato naṃ sukhamanveti, chāyāva anapāyinī.',
    source: 'Kinh Pháp Cú, kệ 2',
    translator: OURS,
  },
  {
    text: 'Thắng ngàn quân giữa chiến trường không bằng tự thắng chính mình; người tự thắng mình mới là chiến sĩ cao cả nhất.',
    original: 'Yo sahassaṃ sahassena, saṅgāme mānuse jine; ekañca jeyyamattānaṃ, sa ve saṅgāmajuttamo.',
    source: 'Kinh Pháp Cú, kệ 103',
    translator: OURS,
  },
  {
    text: 'Hết thảy pháp hữu vi như mộng, như huyễn, như bọt nước, như bóng, như sương mai, như ánh chớp: hãy quán chiếu như thế.',
    original: 'Nhất thiết hữu vi pháp, như mộng huyễn bào ảnh, như lộ diệc như điện, ưng tác như thị quán.',
    source: 'Kinh Kim Cang, phần 32',
    translator: OURS,
  },
  {
    text: 'Các pháp hữu vi đều vô thường. Hãy tinh tấn, chớ buông lung.',
    original: 'Vayadhammā saṅkhārā, appamādena sampādetha.',
    source: 'Kinh Đại Bát-niết-bàn (Trường Bộ 16), lời dạy cuối cùng của đức Phật',
    translator: OURS,
  },
  {
    text: 'Hãy là hòn đảo của chính mình, hãy nương tựa nơi chính mình, đừng nương tựa một ai khác.',
    original: 'Attadīpā viharatha attasaraṇā anaññasaraṇā.',
    source: 'Kinh Đại Bát-niết-bàn (Trường Bộ 16)',
    translator: OURS,
  },
];
