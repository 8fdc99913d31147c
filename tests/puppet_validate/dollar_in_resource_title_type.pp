notify { $: }
