// The restaurant menu: categories (some with subcategories) and their dishes and drinks.
// `picture` names the drawing a dish gets; dishes without one have no image.

export type DishPicture =
  'platter' | 'soup' | 'grill' | 'steak' | 'fish' | 'pasta' | 'stew' | 'salad' | 'cake' | 'coffee' | 'drink' | 'wine'

export type MenuItemSeed = {
  name: string
  description: string
  price: number
  ingredients: string[]
  allergens: string[]
  featured?: true
  unavailable?: true
  picture?: DishPicture
}

export type MenuCategorySeed = {
  name: string
  description: string
  items?: MenuItemSeed[]
  children?: MenuCategorySeed[]
}

export const MENU: MenuCategorySeed[] = [
  {
    name: 'Predjela',
    description: 'Hladna i topla predjela za početak obroka.',
    items: [
      {
        name: 'Hercegovački pršut i sir',
        description: 'Domaći pršut sušen na buri, sir iz mijeha, masline i domaći kruh.',
        price: 18,
        ingredients: ['pršut', 'sir iz mijeha', 'masline', 'kruh'],
        allergens: ['mlijeko', 'gluten'],
        featured: true,
        picture: 'platter',
      },
      {
        name: 'Domaća pileća juha',
        description: 'Bistra juha od domaće kokoši s rezancima i povrćem.',
        price: 5,
        ingredients: ['piletina', 'mrkva', 'celer', 'domaći rezanci'],
        allergens: ['gluten', 'jaja', 'celer'],
        picture: 'soup',
      },
      {
        name: 'Teleća čorba',
        description: 'Gusta čorba od teletine i povrća, zakiseljena limunom.',
        price: 7,
        ingredients: ['teletina', 'mrkva', 'krumpir', 'peršin', 'limun'],
        allergens: ['celer', 'gluten'],
      },
      {
        name: 'Pohani sir',
        description: 'Pohani polutvrdi sir s umakom od tartara.',
        price: 9,
        ingredients: ['sir', 'jaja', 'krušne mrvice', 'tartar umak'],
        allergens: ['mlijeko', 'jaja', 'gluten', 'gorušica'],
      },
    ],
  },
  {
    name: 'Jela s roštilja',
    description: 'Meso i riba s roštilja na drveni ugljen.',
    children: [
      {
        name: 'Meso',
        description: 'Roštilj od domaćeg mesa, uz lepinju, luk i ajvar.',
        items: [
          {
            name: 'Ćevapi (10 kom)',
            description: 'Deset ćevapa od miješanog mesa u lepinji, s lukom i kajmakom.',
            price: 10,
            ingredients: ['junetina', 'janjetina', 'lepinja', 'luk', 'kajmak'],
            allergens: ['gluten', 'mlijeko'],
            featured: true,
            picture: 'grill',
          },
          {
            name: 'Pljeskavica',
            description: 'Pljeskavica od junećeg mesa u lepinji, s prilogom po izboru.',
            price: 11,
            ingredients: ['junetina', 'lepinja', 'luk', 'ajvar'],
            allergens: ['gluten'],
          },
          {
            name: 'Miješano meso za dvoje',
            description: 'Ćevapi, pljeskavica, ražnjići, pileći file i kobasice, s pomfritom i salatom.',
            price: 38,
            ingredients: ['junetina', 'svinjetina', 'piletina', 'kobasica', 'krumpir', 'salata'],
            allergens: ['gluten', 'gorušica'],
            featured: true,
            picture: 'steak',
          },
          {
            name: 'Ražnjići',
            description: 'Svinjski ražnjići s povrćem s roštilja.',
            price: 14,
            ingredients: ['svinjetina', 'paprika', 'luk'],
            allergens: [],
          },
          {
            name: 'Teleći ramstek',
            description: 'Ramstek od teletine pečen po želji, uz pečeni krumpir i umak od vrhnja.',
            price: 28,
            ingredients: ['teletina', 'krumpir', 'vrhnje', 'ružmarin'],
            allergens: ['mlijeko'],
            picture: 'steak',
          },
          {
            name: 'Pileći file na žaru',
            description: 'Marinirani pileći file s grilanim povrćem.',
            price: 14,
            ingredients: ['piletina', 'tikvica', 'patlidžan', 'paprika', 'maslinovo ulje'],
            allergens: [],
          },
        ],
      },
      {
        name: 'Riba',
        description: 'Riječna i morska riba s roštilja, uz blitvu i krumpir.',
        items: [
          {
            name: 'Pastrva na žaru',
            description: 'Svježa pastrva s blitvom, krumpirom i maslinovim uljem.',
            price: 16,
            ingredients: ['pastrva', 'blitva', 'krumpir', 'češnjak', 'maslinovo ulje'],
            allergens: ['riba'],
            featured: true,
            picture: 'fish',
          },
          {
            name: 'Orada na žaru',
            description: 'Orada s roštilja, uz blitvu i limun.',
            price: 24,
            ingredients: ['orada', 'blitva', 'krumpir', 'limun'],
            allergens: ['riba'],
            picture: 'fish',
          },
          {
            name: 'Lignje na žaru',
            description: 'Lignje s roštilja s češnjakom i peršinom.',
            price: 20,
            ingredients: ['lignje', 'češnjak', 'peršin', 'maslinovo ulje'],
            allergens: ['mekušci'],
            unavailable: true,
          },
          {
            name: 'Brancin na žaru',
            description: 'Brancin s roštilja, uz pečeno povrće.',
            price: 25,
            ingredients: ['brancin', 'povrće', 'limun'],
            allergens: ['riba'],
          },
        ],
      },
    ],
  },
  {
    name: 'Glavna jela',
    description: 'Tjestenina i jela domaće kuhinje.',
    children: [
      {
        name: 'Tjestenina',
        description: 'Tjestenina kuhana al dente, s umacima naše kuhinje.',
        items: [
          {
            name: 'Špageti bolonjez',
            description: 'Špageti s umakom od mljevenog mesa i rajčice, s parmezanom.',
            price: 12,
            ingredients: ['špageti', 'junetina', 'rajčica', 'parmezan'],
            allergens: ['gluten', 'mlijeko', 'celer'],
            picture: 'pasta',
          },
          {
            name: 'Tagliatelle s piletinom i gljivama',
            description: 'Tagliatelle u umaku od vrhnja s piletinom i šampinjonima.',
            price: 14,
            ingredients: ['tagliatelle', 'piletina', 'šampinjoni', 'vrhnje'],
            allergens: ['gluten', 'jaja', 'mlijeko'],
          },
          {
            name: 'Penne arrabbiata',
            description: 'Penne u ljutom umaku od rajčice i češnjaka.',
            price: 11,
            ingredients: ['penne', 'rajčica', 'češnjak', 'ljuta papričica'],
            allergens: ['gluten'],
          },
          {
            name: 'Rižoto s plodovima mora',
            description: 'Kremasti rižoto s dagnjama, kozicama i lignjama.',
            price: 18,
            ingredients: ['riža', 'dagnje', 'kozice', 'lignje', 'bijelo vino'],
            allergens: ['rakovi', 'mekušci', 'sumpor dioksid'],
          },
        ],
      },
      {
        name: 'Domaća kuhinja',
        description: 'Jela kakva se kuhaju u hercegovačkim kućama.',
        items: [
          {
            name: 'Japrak',
            description: 'Listovi blitve punjeni mesom i rižom, kuhani u umaku.',
            price: 13,
            ingredients: ['blitva', 'junetina', 'riža', 'luk', 'kiselo vrhnje'],
            allergens: ['mlijeko'],
            picture: 'stew',
          },
          {
            name: 'Sarma',
            description: 'Kiseli kupus punjen mesom i rižom, kuhan s dimljenim rebrima.',
            price: 13,
            ingredients: ['kiseli kupus', 'junetina', 'svinjetina', 'riža'],
            allergens: [],
            picture: 'stew',
          },
          {
            name: 'Teletina ispod peke',
            description: 'Teletina s krumpirom pečena ispod peke. Naručuje se dan ranije.',
            price: 28,
            ingredients: ['teletina', 'krumpir', 'luk', 'ružmarin'],
            allergens: [],
            featured: true,
            unavailable: true,
          },
          {
            name: 'Grah s kobasicom',
            description: 'Gusti grah s domaćom kobasicom i kruhom.',
            price: 10,
            ingredients: ['grah', 'kobasica', 'luk', 'paprika'],
            allergens: ['gluten', 'celer'],
          },
          {
            name: 'Gulaš od junetine',
            description: 'Juneći gulaš s njokima ili palentom.',
            price: 12,
            ingredients: ['junetina', 'luk', 'paprika', 'njoki'],
            allergens: ['gluten', 'jaja'],
          },
        ],
      },
    ],
  },
  {
    name: 'Salate',
    description: 'Svježe sezonske salate.',
    items: [
      {
        name: 'Šopska salata',
        description: 'Rajčica, krastavac, paprika i luk, posuti bijelim sirom.',
        price: 6,
        ingredients: ['rajčica', 'krastavac', 'paprika', 'luk', 'bijeli sir'],
        allergens: ['mlijeko'],
        picture: 'salad',
      },
      {
        name: 'Sezonska salata',
        description: 'Miješana salata od povrća iz našeg vrta.',
        price: 5,
        ingredients: ['zelena salata', 'rajčica', 'krastavac', 'mrkva'],
        allergens: [],
      },
    ],
  },
  {
    name: 'Deserti',
    description: 'Domaći kolači i slastice.',
    items: [
      {
        name: 'Palačinke s orasima',
        description: 'Dvije palačinke s mljevenim orasima i medom.',
        price: 6,
        ingredients: ['brašno', 'jaja', 'mlijeko', 'orasi', 'med'],
        allergens: ['gluten', 'jaja', 'mlijeko', 'orašasti plodovi'],
      },
      {
        name: 'Tufahija',
        description: 'Jabuka kuhana u šećernom sirupu, punjena orasima, sa šlagom.',
        price: 5,
        ingredients: ['jabuka', 'orasi', 'šećer', 'šlag'],
        allergens: ['orašasti plodovi', 'mlijeko'],
        featured: true,
      },
      {
        name: 'Baklava',
        description: 'Domaća baklava s orasima.',
        price: 5,
        ingredients: ['kore', 'orasi', 'šećer', 'maslac'],
        allergens: ['gluten', 'orašasti plodovi', 'mlijeko'],
      },
      {
        name: 'Čokoladna torta',
        description: 'Sočna torta od tamne čokolade s malinama.',
        price: 6,
        ingredients: ['čokolada', 'jaja', 'brašno', 'maline', 'vrhnje'],
        allergens: ['gluten', 'jaja', 'mlijeko', 'soja'],
        picture: 'cake',
      },
    ],
  },
  {
    name: 'Pića',
    description: 'Topli i hladni napitci, domaća vina.',
    children: [
      {
        name: 'Topla pića',
        description: 'Kava i čaj.',
        items: [
          {
            name: 'Espresso',
            description: 'Kratki espresso od svježe mljevene kave.',
            price: 2,
            ingredients: ['kava'],
            allergens: [],
            picture: 'coffee',
          },
          {
            name: 'Kava s mlijekom',
            description: 'Espresso s toplim mlijekom.',
            price: 2.5,
            ingredients: ['kava', 'mlijeko'],
            allergens: ['mlijeko'],
          },
          {
            name: 'Bosanska kava',
            description: 'Kava kuhana u džezvi, uz rahat-lokum.',
            price: 3,
            ingredients: ['kava', 'šećer', 'rahat-lokum'],
            allergens: [],
          },
          {
            name: 'Čaj',
            description: 'Šipak, kamilica, metvica ili crni čaj.',
            price: 2.5,
            ingredients: ['čaj', 'med', 'limun'],
            allergens: [],
          },
        ],
      },
      {
        name: 'Hladna pića',
        description: 'Sokovi, voda, pivo i vina iz Hercegovine.',
        items: [
          {
            name: 'Domaća limunada',
            description: 'Svježe cijeđena limunada s metvicom.',
            price: 4,
            ingredients: ['limun', 'šećer', 'metvica', 'voda'],
            allergens: [],
            picture: 'drink',
          },
          {
            name: 'Mineralna voda 0,5 l',
            description: 'Gazirana mineralna voda.',
            price: 3,
            ingredients: ['mineralna voda'],
            allergens: [],
          },
          {
            name: 'Prirodni sok od nara',
            description: 'Sok od hercegovačkog nara.',
            price: 4,
            ingredients: ['nar'],
            allergens: [],
          },
          {
            name: 'Pivo točeno 0,5 l',
            description: 'Svijetlo točeno pivo.',
            price: 4.5,
            ingredients: ['ječmeni slad', 'hmelj'],
            allergens: ['gluten'],
          },
          {
            name: 'Blatina, čaša 0,2 l',
            description: 'Crno vino od autohtone sorte blatina.',
            price: 5,
            ingredients: ['grožđe blatina'],
            allergens: ['sumpor dioksid'],
            picture: 'wine',
          },
          {
            name: 'Žilavka, čaša 0,2 l',
            description: 'Bijelo vino od autohtone sorte žilavka.',
            price: 5,
            ingredients: ['grožđe žilavka'],
            allergens: ['sumpor dioksid'],
          },
        ],
      },
    ],
  },
]
