/**
 * The demo catalogue as data: the department tree (slug, name, children) and, per leaf department,
 * product templates — name, unit, NCM (goods) or LC 116 item (services), price range in reais, brands
 * (one product per brand) and variants (name and attribute).
 */
export interface CategoryNode {
  slug: string;
  name: string;
  description?: string;
  children?: CategoryNode[];
}

export interface ProductTemplate {
  name: string;
  unit: string;
  ncm?: string;
  service?: string;
  price: [number, number];
  brands?: string[];
  variants?: { attribute: string; values: string[] };
  leadTime?: number;
}

export const CATEGORY_TREE: CategoryNode[] = [
  { slug: 'escritorio', name: 'Material de escritório', description: 'Papelaria, escrita, arquivo e organização.', children: [
    { slug: 'papelaria', name: 'Papelaria' }, { slug: 'escrita', name: 'Escrita e correção' }, { slug: 'arquivo-e-organizacao', name: 'Arquivo e organização' },
  ] },
  { slug: 'informatica', name: 'Informática', description: 'Equipamentos, periféricos e suprimentos.', children: [
    { slug: 'computadores', name: 'Computadores e monitores' }, { slug: 'perifericos', name: 'Periféricos' },
    { slug: 'suprimentos-de-impressao', name: 'Suprimentos de impressão' }, { slug: 'redes-e-cabos', name: 'Redes e cabos' },
  ] },
  { slug: 'limpeza', name: 'Limpeza e higiene', children: [
    { slug: 'produtos-de-limpeza', name: 'Produtos de limpeza' }, { slug: 'higiene', name: 'Higiene' }, { slug: 'utensilios-de-limpeza', name: 'Utensílios de limpeza' },
  ] },
  { slug: 'copa-e-cozinha', name: 'Copa e cozinha', children: [{ slug: 'cafe-e-bebidas', name: 'Café e bebidas' }, { slug: 'descartaveis', name: 'Descartáveis' }] },
  { slug: 'epi', name: 'Segurança e EPI', description: 'Equipamentos de proteção individual e uniformes.', children: [
    { slug: 'protecao-das-maos', name: 'Proteção das mãos' }, { slug: 'protecao-da-cabeca-e-olhos', name: 'Proteção da cabeça e dos olhos' },
    { slug: 'calcados-de-seguranca', name: 'Calçados de segurança' }, { slug: 'uniformes', name: 'Uniformes' },
  ] },
  { slug: 'embalagens', name: 'Embalagens', children: [{ slug: 'caixas', name: 'Caixas' }, { slug: 'fitas-e-adesivos', name: 'Fitas e adesivos' }, { slug: 'protecao-e-enchimento', name: 'Proteção e enchimento' }] },
  { slug: 'moveis', name: 'Móveis', children: [{ slug: 'cadeiras', name: 'Cadeiras' }, { slug: 'mesas', name: 'Mesas' }, { slug: 'armarios-e-estantes', name: 'Armários e estantes' }] },
  { slug: 'manutencao', name: 'Manutenção', children: [
    { slug: 'eletrica', name: 'Elétrica' }, { slug: 'ferramentas', name: 'Ferramentas' }, { slug: 'fixadores', name: 'Fixadores' }, { slug: 'pintura', name: 'Pintura' },
  ] },
  { slug: 'servicos', name: 'Serviços', description: 'Serviços contratados por hora, mês ou empreitada.', children: [
    { slug: 'servicos-administrativos', name: 'Administrativos e contábeis' }, { slug: 'servicos-de-ti', name: 'Tecnologia da informação' },
    { slug: 'servicos-prediais', name: 'Manutenção e conservação predial' }, { slug: 'treinamentos', name: 'Treinamentos' },
  ] },
];

const T = (name: string, unit: string, code: string, price: [number, number], extra: Partial<ProductTemplate> = {}): ProductTemplate =>
  code.includes('.') ? { name, unit, service: code, price, ...extra } : { name, unit, ncm: code, price, ...extra };

export const PRODUCTS_BY_CATEGORY: Record<string, ProductTemplate[]> = {
  papelaria: [
    T('Papel sulfite A4 75 g (resma 500 folhas)', 'RESMA', '48025610', [24, 32], { brands: ['Chamex', 'Report', 'Chamequinho'], variants: { attribute: 'Cor', values: ['Branco', 'Reciclado'] } }),
    T('Bloco adesivo 76 × 76 mm', 'PCT', '48201000', [6, 14], { brands: ['3M Post-it', 'Maxprint'] }),
    T('Caderno universitário 10 matérias', 'UN', '48202000', [18, 35], { brands: ['Tilibra', 'Foroni'] }),
    T('Envelope saco kraft 240 × 340 mm (cx 250)', 'CX', '48171000', [70, 110], { brands: ['Foroni', 'Scrity'] }),
  ],
  escrita: [
    T('Caneta esferográfica 1,0 mm (cx 50)', 'CX', '96081000', [38, 65], { brands: ['BIC Cristal', 'Faber-Castell', 'Pilot'], variants: { attribute: 'Cor', values: ['Azul', 'Preta', 'Vermelha'] } }),
    T('Lápis preto nº 2 (cx 72)', 'CX', '96091000', [45, 80], { brands: ['Faber-Castell', 'Staedtler'] }),
    T('Marcador de texto (cx 12)', 'CX', '96082000', [28, 50], { brands: ['Stabilo', 'Faber-Castell'], variants: { attribute: 'Cor', values: ['Amarelo', 'Verde', 'Rosa'] } }),
    T('Corretivo em fita 5 mm', 'UN', '96089000', [7, 13], { brands: ['BIC', 'Mercur'] }),
  ],
  'arquivo-e-organizacao': [
    T('Pasta suspensa kraft (cx 50)', 'CX', '48203000', [60, 95], { brands: ['Dello', 'Polibras'] }),
    T('Caixa arquivo morto polionda', 'UN', '39269090', [5, 9], { brands: ['Polibras', 'Dello'], variants: { attribute: 'Cor', values: ['Azul', 'Amarela', 'Cinza'] } }),
    T('Grampo 26/6 galvanizado (cx 5000)', 'CX', '83052000', [6, 12], { brands: ['Jocar', 'Rapid'] }),
    T('Clipe galvanizado 2/0 (cx 500 g)', 'CX', '83059000', [12, 22], { brands: ['ACC', 'Jocar'] }),
    T('Grampeador de mesa 26/6', 'UN', '84729010', [35, 90], { brands: ['Rapid', 'Jocar'] }),
    T('Tesoura multiuso 21 cm', 'UN', '82130000', [9, 25], { brands: ['Tramontina', 'Tilibra'] }),
    T('Calculadora de mesa 12 dígitos', 'UN', '84701000', [35, 90], { brands: ['Casio', 'Procalc'] }),
    T('Quadro branco 120 × 90 cm', 'UN', '96100000', [160, 320], { brands: ['Stalo', 'Souza'] }),
  ],
  computadores: [
    T('Notebook 14" Core i5 16 GB SSD 512 GB', 'UN', '84713012', [3900, 5600], { brands: ['Dell Latitude', 'Lenovo ThinkPad', 'HP ProBook'], leadTime: 10 }),
    T('Monitor LED 24" Full HD', 'UN', '85285200', [650, 1100], { brands: ['Dell', 'LG', 'Samsung'], leadTime: 7 }),
    T('Desktop compacto Core i5 8 GB SSD 256 GB', 'UN', '84715010', [3100, 4300], { brands: ['Dell OptiPlex', 'Lenovo ThinkCentre'], leadTime: 10 }),
  ],
  perifericos: [
    T('Teclado USB ABNT2', 'UN', '84716052', [45, 120], { brands: ['Logitech', 'Microsoft', 'Multilaser'] }),
    T('Mouse óptico sem fio', 'UN', '84716053', [45, 150], { brands: ['Logitech', 'Microsoft', 'Multilaser'], variants: { attribute: 'Cor', values: ['Preto', 'Cinza'] } }),
    T('Headset USB com microfone', 'UN', '85183000', [120, 380], { brands: ['Logitech', 'JBL'] }),
    T('Webcam Full HD 1080p', 'UN', '85258929', [180, 450], { brands: ['Logitech', 'Intelbras'] }),
    T('SSD 480 GB SATA', 'UN', '84717012', [190, 340], { brands: ['Kingston', 'Crucial', 'WD'] }),
    T('Pen drive 64 GB', 'UN', '85235110', [35, 70], { brands: ['SanDisk', 'Kingston'] }),
    T('Nobreak 1200 VA', 'UN', '85044040', [650, 1200], { brands: ['SMS', 'APC', 'Intelbras'], leadTime: 7 }),
  ],
  'suprimentos-de-impressao': [
    T('Toner para impressora laser', 'UN', '84439933', [180, 520], { brands: ['HP', 'Brother', 'Samsung'], variants: { attribute: 'Cor', values: ['Preto', 'Ciano', 'Magenta', 'Amarelo'] } }),
    T('Cartucho de tinta', 'UN', '84439923', [70, 160], { brands: ['HP', 'Epson', 'Canon'], variants: { attribute: 'Cor', values: ['Preto', 'Colorido'] } }),
  ],
  'redes-e-cabos': [
    T('Cabo HDMI 2.0', 'UN', '85444200', [25, 90], { brands: ['Multilaser', 'Vinik'], variants: { attribute: 'Comprimento', values: ['1,5 m', '3 m', '5 m'] } }),
    T('Cabo de rede Cat6 (caixa 305 m)', 'CX', '85444900', [650, 1050], { brands: ['Furukawa', 'Nexans'] }),
    T('Roteador Wi-Fi 6 dual band', 'UN', '85176241', [350, 900], { brands: ['TP-Link', 'Intelbras'] }),
    T('Switch 24 portas gigabit', 'UN', '85176239', [1100, 2400], { brands: ['TP-Link', 'Intelbras', 'D-Link'], leadTime: 7 }),
  ],
  'produtos-de-limpeza': [
    T('Detergente neutro', 'UN', '34022000', [2, 5], { brands: ['Ypê', 'Limpol'], variants: { attribute: 'Volume', values: ['500 ml', '5 L'] } }),
    T('Desinfetante', 'UN', '38089419', [6, 35], { brands: ['Pinho Sol', 'Veja', 'Ypê'], variants: { attribute: 'Volume', values: ['1 L', '5 L'] } }),
    T('Álcool 70% líquido 1 L', 'UN', '22089000', [8, 15], { brands: ['Tupi', 'Start'] }),
    T('Limpador multiuso 500 ml', 'UN', '34022000', [4, 9], { brands: ['Veja', 'Ajax'] }),
  ],
  higiene: [
    T('Papel higiênico folha dupla (fardo 64 rolos)', 'PCT', '48181000', [85, 140], { brands: ['Neve', 'Personal', 'Scott'] }),
    T('Papel toalha interfolhado (fardo 1000 fls)', 'PCT', '48182000', [18, 35], { brands: ['Scott', 'Santher'] }),
    T('Sabonete líquido 5 L', 'UN', '34013000', [30, 70], { brands: ['Protex', 'Lux'] }),
    T('Álcool em gel 70% 5 L', 'UN', '38089419', [45, 90], { brands: ['Asseptgel', 'Start'] }),
  ],
  'utensilios-de-limpeza': [
    T('Saco de lixo reforçado (pct 100)', 'PCT', '39232190', [28, 65], { brands: ['Embalixo', 'Dover Roll'], variants: { attribute: 'Capacidade', values: ['60 L', '100 L', '200 L'] } }),
    T('Esponja dupla face (pct 10)', 'PCT', '39249000', [7, 15], { brands: ['Scotch-Brite', 'Bettanin'] }),
    T('Pano de microfibra 40 × 40 cm', 'UN', '63071000', [4, 12], { brands: ['Scotch-Brite', 'Flash Limp'] }),
    T('Rodo de alumínio 60 cm', 'UN', '96039000', [18, 40], { brands: ['Bettanin', 'Condor'] }),
    T('Vassoura de pelo 40 cm', 'UN', '96031000', [15, 35], { brands: ['Bettanin', 'Condor'] }),
  ],
  'cafe-e-bebidas': [
    T('Café torrado e moído 500 g', 'PCT', '09012100', [16, 32], { brands: ['Pilão', 'Melitta', '3 Corações'] }),
    T('Leite UHT integral 1 L', 'UN', '04012010', [4, 7], { brands: ['Italac', 'Piracanjuba'] }),
    T('Açúcar refinado 1 kg', 'KG', '17019900', [4, 7], { brands: ['União', 'Caravelas'] }),
    T('Água mineral sem gás 20 L', 'UN', '22011000', [12, 22], { brands: ['Crystal', 'Minalba'] }),
    T('Chá em sachê (cx 15)', 'CX', '09024000', [5, 12], { brands: ['Leão', 'Dr. Oetker'], variants: { attribute: 'Sabor', values: ['Camomila', 'Erva-doce', 'Hortelã'] } }),
  ],
  descartaveis: [
    T('Copo descartável 200 ml (cx 2500)', 'CX', '39241000', [90, 150], { brands: ['Copaza', 'Totalplast'] }),
    T('Guardanapo de papel (pct 50)', 'PCT', '48183000', [3, 7], { brands: ['Santepel', 'Scott'] }),
    T('Mexedor de café (pct 500)', 'PCT', '39241000', [6, 12], { brands: ['Strawplast', 'Copaza'] }),
    T('Filtro de papel 103 (cx 30)', 'CX', '48239099', [4, 8], { brands: ['Melitta', '3 Corações'] }),
  ],
  'protecao-das-maos': [
    T('Luva nitrílica descartável (cx 100)', 'CX', '40151900', [25, 55], { brands: ['Supermax', 'Descarpack'], variants: { attribute: 'Tamanho', values: ['P', 'M', 'G'] } }),
    T('Luva de vaqueta', 'PAR', '42032100', [12, 28], { brands: ['Kalipso', 'Volk'], variants: { attribute: 'Tamanho', values: ['9', '10'] } }),
  ],
  'protecao-da-cabeca-e-olhos': [
    T('Capacete de segurança com jugular', 'UN', '65061000', [25, 60], { brands: ['MSA', '3M'], variants: { attribute: 'Cor', values: ['Branco', 'Amarelo', 'Azul'] } }),
    T('Óculos de proteção incolor', 'UN', '90049020', [8, 25], { brands: ['3M', 'Kalipso'] }),
    T('Respirador PFF2 (cx 20)', 'CX', '63079010', [35, 80], { brands: ['3M', 'Delta Plus'] }),
    T('Protetor auricular tipo plugue (cx 100)', 'CX', '39269090', [60, 130], { brands: ['3M', 'Pomp'] }),
  ],
  'calcados-de-seguranca': [
    T('Botina de segurança com bico de composite', 'PAR', '64029190', [90, 190], { brands: ['Marluvas', 'Bracol'], variants: { attribute: 'Número', values: ['38', '40', '42', '44'] } }),
  ],
  uniformes: [
    T('Camisa polo com logotipo bordado', 'UN', '61051000', [38, 75], { brands: ['Uniforte', 'Malharia Paulista'], variants: { attribute: 'Tamanho', values: ['P', 'M', 'G', 'GG'] } }),
    T('Calça de brim profissional', 'UN', '62034200', [55, 95], { brands: ['Uniforte'], variants: { attribute: 'Tamanho', values: ['38', '40', '42', '44', '46'] } }),
  ],
  caixas: [
    T('Caixa de papelão ondulado', 'UN', '48191000', [2, 9], { brands: ['Klabin', 'Ondunorte'], variants: { attribute: 'Tamanho', values: ['30 × 20 × 15 cm', '40 × 30 × 25 cm', '60 × 40 × 40 cm'] } }),
    T('Caixa para arquivo em papelão', 'UN', '48191000', [3, 7], { brands: ['Ondunorte'] }),
  ],
  'fitas-e-adesivos': [
    T('Fita adesiva para embalagem 48 mm × 100 m', 'UN', '39191010', [6, 14], { brands: ['Adelbras', '3M Scotch'], variants: { attribute: 'Cor', values: ['Transparente', 'Marrom'] } }),
    T('Etiqueta adesiva A4 (cx 100 fls)', 'CX', '48211000', [45, 95], { brands: ['Pimaco', 'Colacril'] }),
  ],
  'protecao-e-enchimento': [
    T('Plástico bolha 1,30 × 100 m', 'UN', '39211900', [90, 170], { brands: ['Bolha Pack', 'Embaleve'] }),
    T('Filme stretch 500 mm × 25 µm', 'UN', '39201099', [45, 85], { brands: ['Embaleve', 'Stretch Brasil'] }),
    T('Envelope de segurança plástico (pct 100)', 'PCT', '39232190', [40, 90], { brands: ['Rapidpack', 'Flexpack'] }),
  ],
  cadeiras: [
    T('Cadeira de escritório giratória com apoio de braço', 'UN', '94013090', [550, 1400], { brands: ['Cavaletti', 'Flexform', 'Frisokar'], variants: { attribute: 'Cor', values: ['Preta', 'Cinza'] }, leadTime: 15 }),
    T('Cadeira fixa empilhável', 'UN', '94017900', [120, 260], { brands: ['Cavaletti', 'Tramontina'], leadTime: 10 }),
  ],
  mesas: [
    T('Mesa de escritório 1,40 × 0,70 m', 'UN', '94033000', [450, 950], { brands: ['Alberflex', 'Marelli'], variants: { attribute: 'Acabamento', values: ['Carvalho', 'Branco'] }, leadTime: 20 }),
    T('Mesa de reunião redonda 1,20 m', 'UN', '94033000', [600, 1300], { brands: ['Marelli'], leadTime: 20 }),
  ],
  'armarios-e-estantes': [
    T('Armário de aço 2 portas', 'UN', '94031000', [700, 1300], { brands: ['Pandin', 'W3'], leadTime: 15 }),
    T('Estante de aço 6 prateleiras', 'UN', '94032000', [250, 480], { brands: ['Pandin', 'Aço Forte'] }),
  ],
  eletrica: [
    T('Lâmpada LED tubular T8 18 W', 'UN', '85395000', [9, 22], { brands: ['Philips', 'Osram', 'Avant'], variants: { attribute: 'Cor da luz', values: ['6500 K', '4000 K'] } }),
    T('Cabo flexível 2,5 mm² (rolo 100 m)', 'UN', '85444900', [180, 320], { brands: ['Sil', 'Cobrecom'], variants: { attribute: 'Cor', values: ['Preto', 'Azul', 'Verde'] } }),
    T('Tomada 2P+T 10 A', 'UN', '85366910', [8, 18], { brands: ['Tramontina', 'Schneider'] }),
  ],
  ferramentas: [
    T('Furadeira de impacto 650 W', 'UN', '84672100', [250, 520], { brands: ['Bosch', 'Makita', 'DeWalt'], variants: { attribute: 'Tensão', values: ['127 V', '220 V'] } }),
    T('Jogo de chaves de fenda e Phillips (6 peças)', 'UN', '82054000', [35, 90], { brands: ['Tramontina', 'Gedore'] }),
    T('Escada de alumínio 7 degraus', 'UN', '76169900', [280, 520], { brands: ['Mor', 'Botafogo'] }),
  ],
  fixadores: [
    T('Parafuso com bucha nº 8 (cx 100)', 'CX', '73181500', [14, 30], { brands: ['Fischer', 'Ciser'] }),
    T('Abraçadeira de nylon 200 mm (pct 100)', 'PCT', '39269090', [9, 20], { brands: ['Hellermann', 'Tramontina'] }),
  ],
  pintura: [
    T('Tinta acrílica fosca 18 L', 'UN', '32091000', [260, 480], { brands: ['Suvinil', 'Coral'], variants: { attribute: 'Cor', values: ['Branco neve', 'Gelo', 'Cinza'] } }),
    T('Rolo de lã 23 cm', 'UN', '96034090', [18, 40], { brands: ['Atlas', 'Tigre'] }),
  ],
  'servicos-administrativos': [
    T('Serviços contábeis mensais', 'MES', '17.19', [1800, 4200]),
    T('Assessoria jurídica trabalhista', 'H', '17.14', [250, 480]),
    T('Consultoria em processos financeiros', 'H', '17.01', [220, 420]),
  ],
  'servicos-de-ti': [
    T('Desenvolvimento de software sob demanda', 'H', '1.01', [150, 280]),
    T('Suporte técnico em informática', 'H', '1.07', [90, 180]),
    T('Licenciamento de software de gestão (mensal)', 'MES', '1.05', [900, 3500]),
    T('Hospedagem em nuvem (mensal)', 'MES', '1.03', [400, 2600]),
  ],
  'servicos-prediais': [
    T('Limpeza e conservação predial (mensal)', 'MES', '7.10', [6500, 14000]),
    T('Manutenção preventiva de ar-condicionado', 'SV', '14.01', [350, 900]),
    T('Dedetização e controle de pragas', 'SV', '7.13', [450, 1200]),
    T('Vigilância patrimonial (mensal)', 'MES', '11.02', [9000, 18000]),
    T('Reparos elétricos e hidráulicos', 'H', '7.02', [95, 180]),
  ],
  treinamentos: [
    T('Treinamento NR-35 (trabalho em altura)', 'SV', '8.02', [1200, 2800]),
    T('Curso de Excel avançado (turma)', 'SV', '8.02', [2400, 5200]),
    T('Treinamento de brigada de incêndio', 'SV', '8.02', [1800, 3600]),
  ],
};
