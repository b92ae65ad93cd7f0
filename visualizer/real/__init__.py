"""Real checkpoints: Hugging Face-style folders read without torch and without Qt (:mod:`.checkpoint`,
:mod:`.safetensors_files`, :mod:`.config_json`, :mod:`.families`, :mod:`.rope_config`,
:mod:`.attention_weights`), the real model's page state (:mod:`.state`) and its views."""
