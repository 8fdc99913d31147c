# ERB corpus case: haproxy/templates/haproxy_resolver_block.erb, with plausible variables.
class corpus_case {
  $hold = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $nameservers = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $resolve_retries = 'resolve_retries_value'
  $section_name = 'section_name_value'
  $timeout = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  notice(template('haproxy/haproxy_resolver_block.erb'))
}
include corpus_case
