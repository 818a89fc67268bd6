/** The hero's drawing: the shop front with its awning, shelves in the window and a garden (decorative). */
export function StorefrontIllustration() {
  return (
    <svg className="storefront-illustration" viewBox="0 0 440 340" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="storefront-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2a8d61" stopOpacity="0.55" />
          <stop offset="1" stopColor="#2a8d61" stopOpacity="0" />
        </linearGradient>
      </defs>
      <circle cx="350" cy="70" r="44" fill="#f0a32a" opacity="0.95" />
      <circle cx="350" cy="70" r="62" fill="#f0a32a" opacity="0.18" />
      <path d="M0 250c60-40 120-56 200-40s150 6 240-34v164H0z" fill="url(#storefront-sky)" />
      <path d="M20 296c40-22 80-26 120-14" stroke="#bfdccd" strokeWidth="3" fill="none" opacity="0.5" />
      {/* building */}
      <rect x="70" y="120" width="280" height="180" rx="6" fill="#fffdf7" />
      <rect x="70" y="120" width="280" height="26" fill="#e9e3d3" />
      <rect x="150" y="100" width="120" height="30" rx="6" fill="#0f3a28" />
      <rect x="164" y="111" width="92" height="8" rx="4" fill="#f6b94f" />
      {/* awning */}
      <g>
        {[0, 1, 2, 3, 4, 5, 6].map((index) => (
          <path
            key={index}
            d={`M${62 + index * 42} 146h42v22a21 21 0 0 1-42 0z`}
            fill={index % 2 === 0 ? '#1c6e4b' : '#ffffff'}
            stroke="#1c6e4b"
            strokeWidth="2"
          />
        ))}
      </g>
      {/* window with shelves */}
      <rect x="94" y="196" width="148" height="78" rx="4" fill="#d8ece1" stroke="#185c3f" strokeWidth="4" />
      <path d="M98 222h140M98 250h140" stroke="#185c3f" strokeWidth="3" />
      <rect x="108" y="204" width="14" height="16" rx="2" fill="#f0a32a" />
      <rect x="126" y="208" width="18" height="12" rx="2" fill="#23835a" />
      <rect x="150" y="202" width="10" height="18" rx="2" fill="#c27803" />
      <rect x="168" y="206" width="22" height="14" rx="2" fill="#f6b94f" />
      <rect x="200" y="203" width="14" height="17" rx="2" fill="#23835a" />
      <rect x="110" y="232" width="24" height="16" rx="2" fill="#185c3f" />
      <rect x="142" y="230" width="12" height="18" rx="2" fill="#f0a32a" />
      <rect x="164" y="234" width="30" height="14" rx="2" fill="#c27803" />
      <rect x="204" y="230" width="20" height="18" rx="2" fill="#23835a" />
      {/* door */}
      <rect x="262" y="196" width="62" height="104" rx="4" fill="#185c3f" />
      <rect x="272" y="206" width="42" height="50" rx="3" fill="#d8ece1" />
      <circle cx="312" cy="266" r="3.5" fill="#f6b94f" />
      {/* ground, pots and plants */}
      <rect x="40" y="298" width="360" height="10" rx="5" fill="#0b2a1d" opacity="0.35" />
      <path d="M44 300h26l-4 -22h-18z" fill="#c27803" />
      <path d="M57 278c-14-8-16-26-6-34 4 12 10 18 6 34zM57 278c12-10 26-8 30 0-12 4-20 6-30 0z" fill="#4cc38a" />
      <path d="M362 300h26l-4 -22h-18z" fill="#c27803" />
      <path d="M375 278c-10-12-6-30 6-34 0 14 2 22-6 34zM375 278c-12-6-24-2-26 6 12 0 18-2 26-6z" fill="#4cc38a" />
    </svg>
  )
}
