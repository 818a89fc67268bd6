/** A drawn map (no tiles from a map service, which the shop would have to load from elsewhere). */
export function MapIllustration({ placeName }: { placeName: string }) {
  return (
    <svg
      className="map-illustration"
      viewBox="0 0 320 180"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
    >
      <rect width="320" height="180" fill="#e6eee0" />
      <path d="M0 0h320v38c-52 10-96-14-150-2S54 52 0 40z" fill="#d7e5cc" />
      <path d="M0 128c58-18 104 20 170-2s110-30 150-14v68H0z" fill="#d3e2c8" />
      <g fill="#cadcbc">
        <rect x="22" y="56" width="52" height="28" rx="5" />
        <rect x="84" y="50" width="38" height="24" rx="5" />
        <rect x="230" y="44" width="60" height="30" rx="5" />
        <rect x="244" y="118" width="46" height="24" rx="5" />
        <rect x="30" y="104" width="44" height="20" rx="5" />
      </g>
      <path
        d="M-10 160c60-22 96 14 160-6s118-40 180-18"
        fill="none"
        stroke="#a8cbe0"
        strokeWidth="11"
        strokeLinecap="round"
      />
      <g fill="none" strokeLinecap="round" strokeLinejoin="round">
        <path d="M-6 98c70-4 112-26 176-16s104 26 156 6" stroke="#d6cfbc" strokeWidth="12" />
        <path d="M-6 98c70-4 112-26 176-16s104 26 156 6" stroke="#fffdf7" strokeWidth="8" />
        <path d="M146-6c-4 36 20 56 24 88s-10 62-2 104" stroke="#d6cfbc" strokeWidth="9" />
        <path d="M146-6c-4 36 20 56 24 88s-10 62-2 104" stroke="#fffdf7" strokeWidth="5.5" />
        <path d="M170 82c-22-12-48-14-80-34" stroke="#fffdf7" strokeWidth="4" />
      </g>
      <g fill="#b7a98c">
        <rect x="182" y="94" width="10" height="8" rx="1.5" />
        <rect x="196" y="98" width="8" height="8" rx="1.5" />
        <rect x="152" y="60" width="9" height="8" rx="1.5" />
        <rect x="186" y="62" width="11" height="8" rx="1.5" />
        <rect x="140" y="96" width="8" height="7" rx="1.5" />
      </g>
      <ellipse cx="170" cy="84" rx="11" ry="3.5" fill="rgb(11 42 29 / 0.22)" />
      <path
        d="M170 84c-3-8-14-14-14-27a14 14 0 0 1 28 0c0 13-11 19-14 27z"
        fill="#c27803"
        stroke="#fff"
        strokeWidth="2"
      />
      <circle cx="170" cy="57" r="5.5" fill="#fff" />
      <g fontFamily="system-ui, sans-serif" fontWeight="700">
        <rect x="190" y="42" width={placeName.length * 9 + 18} height="24" rx="12" fill="#fff" stroke="#d6cfbc" />
        <text x="199" y="59" fontSize="14" fill="#0f3a28">
          {placeName}
        </text>
      </g>
    </svg>
  )
}
