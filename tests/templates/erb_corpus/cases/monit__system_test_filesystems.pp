# ERB corpus case: monit/templates/system_test_filesystems.erb, with plausible variables.
class corpus_case {
  $system_fs = ['system_fs_a', 'system_fs_b']
  $system_fs_inode_usage = 'system_fs_inode_usage_value'
  $system_fs_space_usage = 'system_fs_space_usage_value'
  notice(template('monit/system_test_filesystems.erb'))
}
include corpus_case
