/**
 * Where the demo companies are: cities with their IBGE code, a CEP range of the city (Correios) and the
 * DDD, weighted towards the São Paulo area; and the names that make addresses and people look real.
 */
export interface City {
  name: string;
  uf: string;
  ibge: string;
  cepFrom: number;
  cepTo: number;
  ddd: string;
  weight: number;
}

const c = (name: string, uf: string, ibge: number, cepFrom: string, cepTo: string, ddd: string, weight: number): City => ({
  name, uf, ibge: String(ibge), cepFrom: Number(cepFrom), cepTo: Number(cepTo), ddd, weight,
});

export const CITIES: City[] = [
  c('São Paulo', 'SP', 3550308, '01001000', '05899999', '11', 30),
  c('Guarulhos', 'SP', 3518800, '07000001', '07399999', '11', 4),
  c('Osasco', 'SP', 3534401, '06000001', '06299999', '11', 3),
  c('Santo André', 'SP', 3547809, '09000001', '09299999', '11', 3),
  c('São Bernardo do Campo', 'SP', 3548708, '09600001', '09899999', '11', 3),
  c('Campinas', 'SP', 3509502, '13010001', '13139999', '19', 6),
  c('Santos', 'SP', 3548500, '11010001', '11099999', '13', 3),
  c('Ribeirão Preto', 'SP', 3543402, '14010001', '14114999', '16', 3),
  c('Sorocaba', 'SP', 3552205, '18010001', '18109999', '15', 3),
  c('São José dos Campos', 'SP', 3549904, '12210001', '12248999', '12', 3),
  c('Rio de Janeiro', 'RJ', 3304557, '20010001', '23799999', '21', 8),
  c('Niterói', 'RJ', 3303302, '24020001', '24399999', '21', 2),
  c('Belo Horizonte', 'MG', 3106200, '30110001', '31999999', '31', 6),
  c('Contagem', 'MG', 3118601, '32010001', '32399999', '31', 2),
  c('Uberlândia', 'MG', 3170206, '38400001', '38415999', '34', 2),
  c('Juiz de Fora', 'MG', 3136702, '36010001', '36099999', '32', 1),
  c('Curitiba', 'PR', 4106902, '80010001', '82999999', '41', 5),
  c('Londrina', 'PR', 4113700, '86010001', '86099999', '43', 2),
  c('Maringá', 'PR', 4115200, '87010001', '87099999', '44', 1),
  c('Porto Alegre', 'RS', 4314902, '90010001', '91999999', '51', 4),
  c('Caxias do Sul', 'RS', 4305108, '95010001', '95124999', '54', 2),
  c('Florianópolis', 'SC', 4205407, '88010001', '88099999', '48', 2),
  c('Joinville', 'SC', 4209102, '89201001', '89239999', '47', 2),
  c('Blumenau', 'SC', 4202404, '89010001', '89099999', '47', 2),
  c('Brasília', 'DF', 5300108, '70040001', '72799999', '61', 3),
  c('Goiânia', 'GO', 5208707, '74010001', '74899999', '62', 2),
  c('Salvador', 'BA', 2927408, '40010001', '42599999', '71', 3),
  c('Feira de Santana', 'BA', 2910800, '44001001', '44109999', '75', 1),
  c('Recife', 'PE', 2611606, '50010001', '52999999', '81', 3),
  c('Fortaleza', 'CE', 2304400, '60010001', '61599999', '85', 2),
  c('Natal', 'RN', 2408102, '59010001', '59139999', '84', 1),
  c('João Pessoa', 'PB', 2507507, '58010001', '58099999', '83', 1),
  c('Manaus', 'AM', 1302603, '69005001', '69099999', '92', 1),
  c('Belém', 'PA', 1501402, '66010001', '66999999', '91', 1),
  c('Vitória', 'ES', 3205309, '29010001', '29099999', '27', 1),
  c('Cuiabá', 'MT', 5103403, '78005001', '78099999', '65', 1),
  c('Campo Grande', 'MS', 5002704, '79002001', '79124999', '67', 1),
];

/** IBGE code of each UF (first two digits of the municipality code; first two of an NF-e access key). */
export const UF_CODE: Record<string, string> = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17', MA: '21', PI: '22', CE: '23', RN: '24', PB: '25', PE: '26',
  AL: '27', SE: '28', BA: '29', MG: '31', ES: '32', RJ: '33', SP: '35', PR: '41', SC: '42', RS: '43', MS: '50', MT: '51', GO: '52', DF: '53',
};

export const STREETS = [
  'Rua Sete de Setembro', 'Rua XV de Novembro', 'Avenida Brasil', 'Rua Tiradentes', 'Avenida Getúlio Vargas', 'Rua Marechal Deodoro',
  'Rua Barão do Rio Branco', 'Rua Santos Dumont', 'Rua Rui Barbosa', 'Avenida Independência', 'Rua Duque de Caxias', 'Rua Floriano Peixoto',
  'Rua das Palmeiras', 'Rua das Acácias', 'Avenida Presidente Vargas', 'Rua Dom Pedro II', 'Rua São José', 'Avenida Industrial',
  'Rua Bela Vista', 'Rua Voluntários da Pátria', 'Avenida das Nações', 'Rua José Bonifácio', 'Rua Visconde de Mauá', 'Alameda dos Ipês',
  'Rua Benjamin Constant', 'Avenida Paulista', 'Rua Conselheiro Crispiniano', 'Rua Padre Anchieta', 'Estrada Municipal', 'Rua do Comércio',
];

export const DISTRICTS = [
  'Centro', 'Jardim América', 'Vila Nova', 'Bela Vista', 'Santa Cecília', 'Jardim Europa', 'Vila Mariana', 'Distrito Industrial', 'Boa Vista',
  'São José', 'Jardim Paulista', 'Cidade Nova', 'Vila Industrial', 'Parque Industrial', 'Santo Antônio', 'Jardim das Flores', 'Alto da Glória',
];

export const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins',
  'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes',
  'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Pinto', 'Campos', 'Moraes',
  'Castro', 'Cavalcanti', 'Monteiro', 'Barros', 'Correia', 'Azevedo', 'Bertolini', 'Yamamoto', 'Schmidt', 'Rossi', 'Haddad',
];

export const FIRST_NAMES = [
  'Ana', 'Maria', 'João', 'José', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Marcos', 'Luiz', 'Gabriel', 'Rafael', 'Fernanda', 'Juliana',
  'Patrícia', 'Camila', 'Aline', 'Bruno', 'Rodrigo', 'Renata', 'Beatriz', 'Letícia', 'Mariana', 'Thiago', 'Felipe', 'Gustavo', 'Daniela',
  'Vanessa', 'Eduardo', 'Ricardo', 'Cláudia', 'Sérgio', 'Helena', 'Otávio', 'Priscila', 'Vinícius',
];

export const ROLES = ['Comercial', 'Financeiro', 'Compras', 'Faturamento', 'Atendimento', 'Diretoria', 'Logística', 'Contas a receber'];

/** Strips accents and non-letters: 'Gonçalves & Cia' → 'goncalvescia' (e-mail and site names). */
export const slug = (text: string): string =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '');
