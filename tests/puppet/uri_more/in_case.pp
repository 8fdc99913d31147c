case URI('http://a.com/') {
  URI[{scheme => 'https'}]: { notice('secure') }
  URI[{scheme => 'http'}]: { notice('plain') }
}
