# ERB corpus case: logrotate/templates/etc/logrotate.d/rule.erb, with plausible variables.
class corpus_case {
  $_create = '_create_value'
  $create_group = 'create_group_value'
  $create_mode = 'create_mode_value'
  $create_owner = 'create_owner_value'
  $firstaction = 'firstaction_value'
  $lastaction = 'lastaction_value'
  $path = ['path_a', 'path_b']
  $postrotate = 'postrotate_value'
  $prerotate = 'prerotate_value'
  notice(template('logrotate/etc/logrotate.d/rule.erb'))
}
include corpus_case
