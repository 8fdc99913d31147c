# ERB corpus case: haproxy/templates/haproxy_userlist_block.erb, with plausible variables.
class corpus_case {
  $groups = ['groups_a', 'groups_b']
  $section_name = 'section_name_value'
  $users = ['users_a', 'users_b']
  notice(template('haproxy/haproxy_userlist_block.erb'))
}
include corpus_case
