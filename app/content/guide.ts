/**
 * The guide to using the library (/bai-viet/huong-dan), kept as content beside the code rather
 * than in the database: it describes the features of this version, so it changes in the same
 * commit as they do, is reviewed like code, and needs no editor account to exist.
 */

export interface GuideSection {
  /** The section's anchor (#tim-kiem). */
  id: string;
  heading: string;
  paragraphs: string[];
  /** Steps to follow, in order. */
  steps?: string[];
  links?: { label: string; to: string }[];
}

export const GUIDE = {
  title: 'Hướng dẫn sử dụng thư viện',
  lead: 'Pháp Bảo là thư viện mở: ai cũng đọc, nghe và tìm được mà không cần tài khoản. Những trang dưới đây chỉ cách dùng từng phần, từ ô tìm kiếm đến danh sách phát của riêng bạn.',
  sections: [
    {
      id: 'tim-kiem',
      heading: 'Tìm kiếm — có dấu hay không dấu đều được',
      paragraphs: [
        'Gõ vào ô tìm kiếm ở đầu trang chủ hoặc trang Tìm kiếm. Bạn có thể gõ đủ dấu (“Bát-nhã”) hay không dấu (“bat nha”): thư viện hiểu cả hai, kể cả chữ “đ” gõ thành “d”. Khi bạn gõ có dấu, những đoạn viết đúng dấu được xếp lên trước.',
        'Có hai cách tìm. “Đúng cụm từ” tìm các chữ đứng liền nhau đúng thứ tự bạn gõ — hợp khi bạn nhớ nguyên một câu kinh. “Tìm mở rộng” tìm những đoạn có đủ mọi chữ ở bất kỳ vị trí nào — hợp khi bạn chỉ nhớ vài ý.',
        'Dùng các thẻ Sách, Bài pháp âm (tìm theo tên bài, người giảng, lời giới thiệu), Lời trong bài giảng (tìm trong lời được giảng), Video, Bài viết để chỉ xem một loại nội dung. Bấm vào một đoạn tìm thấy, trang sách hay bài viết mở ra đúng đoạn ấy, chữ tìm được tô đậm; với lời giảng, bài pháp âm phát từ đúng giây đó.',
        'Nếu lỡ gõ kiểu Telex hay VNI mà bộ gõ chưa bật (“phaatj”), thư viện sẽ gợi ý chữ bạn định gõ.',
      ],
      links: [
        { label: 'Mở trang Tìm kiếm', to: '/search' },
        { label: 'Những từ được tìm nhiều', to: '/bai-viet/tim-kiem-nhieu' },
      ],
    },
    {
      id: 'doc-sach',
      heading: 'Đọc kinh sách',
      paragraphs: [
        'Vào Thư viện → Sách để xem các bộ kinh. Mỗi cuốn chia theo chương; bản phiên âm Hán-Việt được đặt song song với nguyên văn chữ Hán để tiện đối chiếu khi tụng đọc.',
        'Nút chữ nhỏ – chữ lớn ở đầu chương đổi cỡ chữ theo mười mức; thư viện nhớ cỡ chữ bạn chọn cho những lần đọc sau. Bạn có thể chia sẻ một chương qua mạng xã hội hoặc sao chép đường dẫn.',
        'Thư viện ghi nhớ chỗ bạn đang đọc. Lần sau mở lại cuốn sách, bạn sẽ thấy lời mời đọc tiếp từ chương đã dừng.',
      ],
      links: [{ label: 'Vào tủ sách', to: '/sach' }],
    },
    {
      id: 'danh-dau-ghi-chu',
      heading: 'Đánh dấu và ghi chú',
      paragraphs: [
        'Khi đã đăng nhập, hãy bôi đen một câu trong chương đang đọc: một thanh nhỏ hiện ra để đánh dấu câu ấy bằng màu vàng, xanh hoặc đỏ, và viết ghi chú của bạn bên cạnh. Các đánh dấu được lưu vào tài khoản, mở trên máy nào cũng thấy.',
        'Bấm lại vào một đoạn đã đánh dấu để đổi màu, sửa ghi chú hoặc xoá.',
      ],
      steps: [
        'Bôi đen đoạn kinh muốn giữ lại.',
        'Chọn một màu để đánh dấu.',
        'Viết vài dòng ghi chú nếu muốn, rồi bấm “Lưu ghi chú”.',
      ],
    },
    {
      id: 'nhom-ghi-chu',
      heading: 'Nhóm ghi chú',
      paragraphs: [
        'Nhóm ghi chú gom những đoạn bạn đã đánh dấu thành một tuyển tập nhỏ theo chủ đề — chẳng hạn “Những lời dạy về từ bi”: bạn đặt tên, viết lời giới thiệu và sắp xếp thứ tự các đoạn. Phần này đang được hoàn thiện; các đánh dấu và ghi chú bạn lưu hôm nay sẽ có sẵn để đưa vào nhóm.',
        'Nhóm ghi chú thuộc về riêng bạn. Khi bạn chọn chia sẻ công khai, nhóm sẽ được ban biên tập đọc lại trước khi mở cho mọi người; trong thời gian đó, người mở liên kết sẽ thấy trang “Nội dung đang được kiểm duyệt”.',
      ],
      links: [
        { label: 'Nhóm ghi chú của tôi', to: '/profile/note-group' },
        { label: 'Về việc kiểm duyệt', to: '/noi-dung-dang-kiem-duyet' },
      ],
    },
    {
      id: 'nghe-phap-am',
      heading: 'Nghe pháp âm',
      paragraphs: [
        'Vào Thư viện → Pháp âm để nghe các bài giảng và đọc tụng. Lời của bài hiện bên cạnh và sáng lên theo từng câu đang đọc; bấm vào một câu để nghe từ chỗ ấy.',
        'Trình phát nằm ở cuối màn hình và vẫn tiếp tục khi bạn chuyển sang trang khác, nên bạn có thể vừa nghe vừa đọc kinh. Thư viện nhớ chỗ bạn đã nghe tới; khi đăng nhập, vị trí này theo bạn sang máy khác.',
        'Bạn có thể đặt dấu trang ở những đoạn muốn nghe lại, và dùng “Chia sẻ đoạn này” để gửi cho người thân một đoạn ngắn (tối đa mười phút) của bài. Mỗi tuyển tập pháp âm còn có nguồn RSS để nghe trong ứng dụng podcast.',
      ],
      links: [{ label: 'Nghe pháp âm', to: '/phap-am' }],
    },
    {
      id: 'danh-sach-phat',
      heading: 'Danh sách phát',
      paragraphs: [
        'Danh sách phát giúp bạn sắp sẵn những bài muốn nghe liền nhau — cho thời khóa buổi sáng, hay cho một chuyến đi dài. Tạo danh sách trong trang cá nhân, rồi ở mỗi bài pháp âm bấm “Thêm vào danh sách phát”. Kéo thả để đổi thứ tự các bài.',
      ],
      links: [{ label: 'Danh sách phát của tôi', to: '/profile/playlist' }],
    },
    {
      id: 'tim-kiem-da-luu',
      heading: 'Tìm kiếm đã lưu',
      paragraphs: [
        'Nếu bạn thường tìm cùng một điều — một tên kinh, một câu chú — hãy bấm “Lưu tìm kiếm này” trên trang kết quả. Lần sau, chỉ cần mở Tìm kiếm đã lưu và bấm vào để chạy lại với đúng cách tìm và loại nội dung như trước.',
      ],
      links: [{ label: 'Tìm kiếm đã lưu', to: '/profile/search-collection' }],
    },
    {
      id: 'lich-su-doc',
      heading: 'Lịch sử đọc',
      paragraphs: [
        'Lịch sử đọc liệt kê những chương bạn đã mở gần đây, mới nhất ở trên, để quay lại dễ dàng. Khi chưa đăng nhập, lịch sử được giữ ngay trên trình duyệt của bạn; khi đăng nhập, thư viện gộp lịch sử của máy này vào tài khoản để bạn thấy được ở mọi nơi.',
      ],
      links: [{ label: 'Xem lịch sử đọc', to: '/profile/reading-history' }],
    },
    {
      id: 'tai-khoan',
      heading: 'Tài khoản',
      paragraphs: [
        'Tài khoản là tùy chọn. Bạn cần nó để đánh dấu, ghi chú, lập nhóm ghi chú, danh sách phát, lưu sách và lưu tìm kiếm. Tên đăng nhập dài từ 5 đến 20 ký tự, mật khẩu từ 6 đến 30 ký tự; nếu thư viện có bật, bạn cũng có thể đăng nhập bằng tài khoản mạng xã hội.',
        'Trong trang cá nhân, bạn đổi được tên hiển thị, ảnh đại diện và mật khẩu. Thư viện không hiện quảng cáo và không bán thông tin của bạn cho ai.',
      ],
      links: [
        { label: 'Đăng ký', to: '/register' },
        { label: 'Đăng nhập', to: '/login' },
      ],
    },
    {
      id: 'tin-tuc-tong-hop',
      heading: 'Tin tức và tuyển tập',
      paragraphs: [
        'Mục Tin tức đăng các bài viết về giáo lý, nhân vật, chùa chiền và lễ hội, chia theo chuyên mục; bạn có thể theo dõi qua RSS. Mục Tổng hợp gom sách, pháp âm, video và bài viết quanh một chủ đề, như “Kinh tụng hằng ngày” hay mùa Phật đản và Vu Lan.',
      ],
      links: [
        { label: 'Tin tức', to: '/tin-tuc' },
        { label: 'Tổng hợp', to: '/tong-hop' },
      ],
    },
  ] satisfies GuideSection[],
};
