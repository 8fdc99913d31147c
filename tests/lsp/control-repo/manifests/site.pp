node 'web01.example.com' {
  include role::web
  class { 'webapp':
    server_name => 'www.example.com',
  }
}
