ALTER TABLE `purchase_refunds` ADD `payment_intent_id` text;--> statement-breakpoint
-- Backfill what can be derived (docs/decisions/051-receipts.md): the refund of a duplicate payment
-- is of the PaymentIntent its purchase recorded.
UPDATE `purchase_refunds` SET `payment_intent_id` = (SELECT `stripe_payment_intent_id` FROM `purchases` WHERE `purchases`.`id` = `purchase_refunds`.`purchase_id`) WHERE `reason` = 'duplicate_payment' AND `payment_intent_id` IS NULL;--> statement-breakpoint
-- A refund made by the built-in test checkout (keyless runs) names its PaymentIntent on its own
-- refund object. A Stripe refund of a second subscription charge stays null: D1 kept no record of it.
UPDATE `purchase_refunds` SET `payment_intent_id` = (SELECT json_extract(`data`, '$.payment_intent') FROM `local_stripe_objects` WHERE `local_stripe_objects`.`id` = `purchase_refunds`.`stripe_refund_id` AND `local_stripe_objects`.`type` = 'refund') WHERE `payment_intent_id` IS NULL AND `stripe_refund_id` IS NOT NULL;
