kmod::load { 'dummy': }
