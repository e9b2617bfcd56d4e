/** The note-group sidebar picture: a lotus over still water at dawn, drawn in SVG. */
export function NoteGroupArtwork() {
  return (
    <svg viewBox="0 0 300 520" className="note-group-artwork" role="img" aria-label="Hoa sen trên mặt nước">
      <defs>
        <linearGradient id="ng-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f6e7d2" />
          <stop offset="0.55" stopColor="#f3d9c2" />
          <stop offset="1" stopColor="#e9c8b2" />
        </linearGradient>
        <linearGradient id="ng-water" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#c9d6d0" />
          <stop offset="1" stopColor="#9fb5ad" />
        </linearGradient>
        <linearGradient id="ng-petal" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f2b8b5" />
          <stop offset="1" stopColor="#d9777a" />
        </linearGradient>
      </defs>
      <rect width="300" height="520" fill="url(#ng-sky)" />
      <circle cx="210" cy="130" r="46" fill="#fbefe0" opacity="0.9" />
      <rect y="330" width="300" height="190" fill="url(#ng-water)" />
      <g stroke="#ffffff" strokeOpacity="0.45" strokeWidth="2" strokeLinecap="round">
        <path d="M30 370h70M160 392h90M60 430h60M190 450h70M40 480h110" />
      </g>
      <ellipse cx="150" cy="338" rx="92" ry="14" fill="#7f9c8b" />
      <ellipse cx="70" cy="360" rx="46" ry="8" fill="#8aa896" />
      <g transform="translate(150 330)">
        <path d="M0 0C-40-6-70-30-78-62-50-60-22-42 0 0Z" fill="url(#ng-petal)" opacity="0.85" />
        <path d="M0 0C40-6 70-30 78-62 50-60 22-42 0 0Z" fill="url(#ng-petal)" opacity="0.85" />
        <path d="M0 0C-26-16-40-48-34-86-12-70 2-40 0 0Z" fill="url(#ng-petal)" />
        <path d="M0 0C26-16 40-48 34-86 12-70-2-40 0 0Z" fill="url(#ng-petal)" />
        <path d="M0 0C-14-30-14-70 0-110 14-70 14-30 0 0Z" fill="#eea3a3" />
      </g>
      <path d="M150 330v40" stroke="#6d8b78" strokeWidth="3" />
    </svg>
  );
}
