$users = {
  'alice' => { 'uid' => 1001, 'groups' => ['admin', 'dev'] },
  'bob'   => { 'uid' => 1002, 'groups' => [] },
}
notice($users['alice']['groups'][0])
notice($users['bob'])
notice($users)
