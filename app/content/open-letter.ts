/**
 * The open letter of the library's founders to its readers (/bai-viet/thu-ngo). Kept as content
 * beside the code, like the guide: it speaks for the project, not for any one editor's account,
 * and changes only by review.
 */
export const OPEN_LETTER = {
  title: 'Thư ngỏ gửi bạn đọc',
  salutation: 'Kính gửi chư Tôn đức, quý Phật tử và bạn đọc xa gần,',
  paragraphs: [
    'Pháp Bảo ra đời từ một mong ước giản dị: để lời Phật dạy bằng tiếng Việt luôn ở gần người cần đến, dù họ đang ngồi trước bàn kinh trong chánh điện, trên chuyến xe buýt sáng sớm, hay bên giường bệnh của người thân lúc nửa đêm.',
    'Nhiều năm qua, kinh sách, bài giảng và những trang sử Phật giáo được chư Tôn đức và các thiện hữu dày công phiên dịch, chép tay, ghi âm, rồi tản mát khắp nơi — trong những cuốn sách cũ, những cuộn băng cassette, những trang web đã ngừng hoạt động. Chúng tôi muốn gom chúng về một mái nhà chung, sắp đặt cho ngăn nắp, và giữ gìn cho lâu dài.',
    'Thư viện này mở cho tất cả mọi người, không thu phí và không có quảng cáo. Bạn có thể đọc, nghe và tìm kiếm mà không cần tài khoản; tài khoản chỉ để giữ lại những gì riêng của bạn — một đoạn kinh đã đánh dấu, một danh sách bài nghe, chỗ bạn đang đọc dở. Những điều ấy thuộc về bạn, và chúng tôi không đem chúng trao cho ai.',
    'Chúng tôi trân trọng công sức của những người đi trước. Mỗi bản kinh, mỗi bài viết, mỗi bài giảng trên Pháp Bảo đều ghi rõ nguồn gốc, người dịch và giấy phép; nội dung nào chưa được phép chia sẻ, chúng tôi xin không đăng. Nếu bạn thấy một sai sót — một chữ chép nhầm, một nguồn ghi thiếu — xin vui lòng cho chúng tôi biết để kịp sửa.',
    'Những gì bạn đọc cùng chia sẻ với cộng đồng, như một nhóm trích dẫn, sẽ được ban biên tập đọc lại trước khi mở cho mọi người. Việc ấy không phải vì nghi ngại, mà để thư viện luôn đúng lời kinh và giữ được sự trang nghiêm vốn có.',
    'Pháp Bảo còn nhiều thiếu sót và sẽ lớn dần lên cùng bạn. Chúng tôi mong được đón nhận những góp ý, những bản dịch, những bài giảng quý mà bạn đang gìn giữ, và cả sự kiên nhẫn của bạn khi thư viện còn đang được xây dựng.',
    'Nguyện cho mỗi trang kinh được mở ra nơi đây là một hạt giống an lành, và nguyện công đức này được hồi hướng đến khắp tất cả chúng sinh.',
  ],
  closing: 'Nam mô Bổn Sư Thích Ca Mâu Ni Phật.',
  signature: 'Những người gìn giữ thư viện Pháp Bảo',
};
